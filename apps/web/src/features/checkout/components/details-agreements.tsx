import type { Region } from '@shop/contract';
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { CustomerDetailsState } from '../use-customer-details';

export const PRIVACY_POLICY_PATH = '/help/privacy-policy';
export const TERMS_PATH = '/help/terms-and-conditions';
export const PRIVACY_MAILBOX = 'privacy@secondhandstores.com.au';

/** The terms' label by region (checkout.md section 2). */
function TermsLabel({ region }: { region: Region }) {
  if (region === 'AU') {
    return (
      <>
        I am over 18 and I have read and agree to the <Link to={PRIVACY_POLICY_PATH}>Privacy Policy</Link> and the{' '}
        <Link to={TERMS_PATH}>Terms and Conditions</Link>.
      </>
    );
  }
  return (
    <>
      I have read the <Link to={TERMS_PATH}>Terms and Conditions</Link> and I am over 18.
    </>
  );
}

/** Marketing consent (outside Australia only, no rule) and the terms, which must be ticked. */
export function DetailsAgreements({
  region,
  form,
  termsRef,
}: {
  region: Region;
  form: CustomerDetailsState;
  termsRef: Ref<HTMLInputElement>;
}) {
  const termsError = form.shown('TermsAndConditions');
  return (
    <div className="checkout-agreements">
      {region === 'UK' ? (
        <div className="checkbox-field">
          <input
            id="checkout-consent"
            type="checkbox"
            checked={form.values.Consent}
            onChange={(event) => form.set('Consent', event.target.checked)}
          />
          <label htmlFor="checkout-consent">
            Keep me up to date with news, offers and new arrivals by e-mail. I can opt out at any time.
          </label>
        </div>
      ) : null}
      <div className={`checkbox-field ${termsError ? 'checkbox-field--invalid' : ''}`}>
        <input
          ref={termsRef}
          id="checkout-terms"
          type="checkbox"
          checked={form.values.TermsAndConditions}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? 'checkout-terms-error' : undefined}
          onChange={(event) => {
            form.set('TermsAndConditions', event.target.checked);
            form.touch('TermsAndConditions');
          }}
          onBlur={() => form.touch('TermsAndConditions')}
        />
        <label htmlFor="checkout-terms">
          <TermsLabel region={region} />
        </label>
      </div>
      {termsError ? (
        <p className="field__error checkout-agreements__error" id="checkout-terms-error">
          {termsError}
        </p>
      ) : null}
      {region === 'AU' ? (
        <p className="checkout-agreements__note">
          You can opt out of marketing at any time by contacting our privacy team at{' '}
          <a href={`mailto:${PRIVACY_MAILBOX}`}>{PRIVACY_MAILBOX}</a>.
        </p>
      ) : null}
    </div>
  );
}
