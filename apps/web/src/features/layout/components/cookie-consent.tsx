import { useContext, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useBottomInset } from '../../../lib/bottom-inset';
import { type ConsentChoice, consentChoice, onConsentChange, onConsentReopen, setConsent } from '../../../lib/consent';
import { ServerConsentContext } from '../../../lib/server-consent';
import { useRendersServerHtml } from '../../../lib/ssr-state';
import '../layout.css';

/** The id the footer's 'Cookie settings' link points at. */
export const COOKIE_SETTINGS_ID = 'cookie-settings';

/**
 * Asks once for consent to functional storage. It sits at the bottom of the window without
 * blocking the page: the page is padded by its height, so nothing stays hidden behind it, and it
 * goes away once the shopper chooses. The footer's 'Cookie settings' brings it back to change the
 * choice; it then takes focus, says what was chosen, and hands focus back to that link afterwards.
 */
export function CookieConsent() {
  // A server-rendered page starts from the choice the server read in the request's cookie (drawn
  // with the first paint for a visitor who has not chosen); once hydrated, this browser's own record
  // decides (undefined: not known yet). The banner is fixed at the bottom, so it moves nothing.
  const fromServer = useRendersServerHtml();
  const serverChoice = useContext(ServerConsentContext);
  const [choice, setChoice] = useState<ConsentChoice | null | undefined>(() =>
    fromServer ? serverChoice : consentChoice(),
  );
  useEffect(() => {
    const stored = consentChoice();
    setChoice((current) => (current === stored ? current : stored));
  }, []);
  const [reopened, setReopened] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(
    () =>
      onConsentChange((next) => {
        setChoice(next);
        setReopened(false);
      }),
    [],
  );
  useEffect(
    () =>
      onConsentReopen(() => {
        returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setReopened(true);
        // Already open: take focus again.
        headingRef.current?.focus();
      }),
    [],
  );
  useEffect(() => {
    if (reopened) headingRef.current?.focus();
  }, [reopened]);
  const shown = choice === null || reopened;
  useBottomInset(ref, shown);
  if (!shown) return null;

  const choose = (next: ConsentChoice) => {
    const back = returnTo.current;
    returnTo.current = null;
    setConsent(next);
    if (back?.isConnected) back.focus();
  };
  return (
    <section ref={ref} id={COOKIE_SETTINGS_ID} className="consent" aria-labelledby="consent-title">
      <div className="consent__inner">
        <div className="consent__text">
          <h2 id="consent-title" className="consent__title" ref={headingRef} tabIndex={-1}>
            Cookies on this site
          </h2>
          <p>
            We use essential cookies to run the shop. With your permission we also remember choices such as your
            preferred stores and a guest's wishlist on this device. <Link to="/help/cookies">About cookies</Link>
          </p>
          {choice ? (
            <p className="consent__current">
              {choice === 'accepted'
                ? 'You have allowed these cookies.'
                : 'You have declined these cookies: a wishlist needs them unless you log in.'}
            </p>
          ) : null}
        </div>
        <div className="consent__actions">
          <button type="button" className="button button--primary" onClick={() => choose('accepted')}>
            Accept
          </button>
          <button type="button" className="button button--secondary" onClick={() => choose('declined')}>
            Decline
          </button>
        </div>
      </div>
    </section>
  );
}
