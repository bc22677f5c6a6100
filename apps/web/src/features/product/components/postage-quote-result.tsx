import type { PostageQuote } from '@shop/contract';

/** What a postcode costs: Regular and Express with their delivery times, or why it cannot go there. */
export function PostageQuoteResult({
  quote,
  loading,
  postcode,
}: {
  quote: PostageQuote | null;
  loading: boolean;
  postcode: string;
}) {
  if (loading || !quote) {
    return (
      <p className="postage-quote__status" role="status">
        Checking postage to {postcode}...
      </p>
    );
  }
  if (quote.MissingTableRateMessage !== null || quote.Regular === null) {
    return (
      <p className="postage-quote__status" role="status">
        Sorry, this item cannot be posted to {quote.PostCode}. You can still collect it from the store.
      </p>
    );
  }
  return (
    <div role="status">
      <p className="postage-quote__to">Postage to {quote.PostCode}</p>
      <ul className="postage-quote__options" aria-label={`Postage to ${quote.PostCode}`}>
        <li>
          <span className="postage-quote__service">Regular</span>
          <strong>{quote.Regular.Display}</strong>
          <span className="postage-quote__time">{quote.RegularTimeLine}</span>
        </li>
        <li>
          <span className="postage-quote__service">Express</span>
          {quote.Express ? (
            <>
              <strong>{quote.Express.Display}</strong>
              <span className="postage-quote__time">{quote.ExpressTimeLine}</span>
            </>
          ) : (
            <span className="postage-quote__time">Not available to this postcode</span>
          )}
        </li>
      </ul>
      {quote.HasSignatureOnDelivery ? (
        <p className="postage-quote__note">
          Includes {quote.SodAndInsuranceCost.Display} for signature on delivery and insurance.
        </p>
      ) : null}
    </div>
  );
}
