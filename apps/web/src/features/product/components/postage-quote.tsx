import type { ProductDetail } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { rememberedPostcode, rememberPostcode } from '../../../lib/shopper-postcode';
import { useSiteSettings } from '../../../lib/site-settings';
import { postageQuoteQueryOptions } from '../api/get-postage-quote';
import { PostageQuoteResult } from './postage-quote-result';
import './postage-quote.css';

/**
 * The product page's postcode box: Regular and Express to the shopper's postcode with delivery
 * times, priced as checkout prices the item. A postcode the shopper gave before (here or at
 * checkout) is quoted as soon as the page is in the browser.
 */
export function PostageQuote({ product }: { product: ProductDetail }) {
  const { Region: region } = useSiteSettings();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const quote = useQuery(postageQuoteQueryOptions(product.Code, asked));

  useEffect(() => {
    const known = rememberedPostcode(region);
    if (!known) return;
    setTyped(known);
    setAsked(known);
  }, [region]);

  const refused = quote.isError ? [...(serverFieldErrors(quote.error)?.values() ?? [])][0]?.[0] : undefined;
  const shownError =
    error ?? refused ?? (quote.isError && !refused ? 'Sorry, postage could not be quoted just now.' : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The rule (and zod with it) loads at the first Check: most product pages are read, not quoted.
    const { postageQuoteQuerySchema } = await import('./postage-quote-schema');
    const parsed = postageQuoteQuerySchema(region).shape.postcode.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the postcode');
      return;
    }
    setError(null);
    setAsked(parsed.data);
    rememberPostcode(region, parsed.data);
  }

  if (!product.IsAvailable || !product.CanPost) return null;
  return (
    <section className="postage-quote" aria-labelledby={`${id}-title`}>
      <h2 className="postage-quote__title" id={`${id}-title`}>
        Postage to your door
      </h2>
      <form className="postage-quote__form" onSubmit={submit} noValidate>
        <label className="postage-quote__label" htmlFor={`${id}-postcode`}>
          Postcode
        </label>
        <div className="postage-quote__row">
          <input
            id={`${id}-postcode`}
            className="postage-quote__input"
            name="postcode"
            autoComplete="postal-code"
            inputMode={region === 'AU' ? 'numeric' : 'text'}
            maxLength={region === 'AU' ? 4 : 8}
            value={typed}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button button--secondary postage-quote__button">
            Check
          </button>
        </div>
        {shownError ? (
          <p className="postage-quote__error" id={`${id}-error`} role="alert">
            {shownError}
          </p>
        ) : null}
      </form>
      {asked && !shownError ? (
        <PostageQuoteResult quote={quote.data ?? null} loading={quote.isFetching} postcode={asked} />
      ) : null}
    </section>
  );
}
