import type { CompletedDetails } from '../customer-details';

/** Step 1 once complete: who is buying and the billing address, in short. */
export function DetailsSummary({ completed }: { completed: CompletedDetails }) {
  const { details, billingAddress: address } = completed;
  const place = [address.Suburb, address.State, address.PostCode].filter(Boolean).join(' ');
  return (
    <div className="checkout-step__summary">
      <p>
        {details.FirstName} {details.LastName}
        <br />
        {details.EmailAddress}
        <br />
        {details.PhoneNumber}
      </p>
      <p>
        {[address.BusinessName, address.Line1, address.Line2, place].filter(Boolean).map((line) => (
          <span key={line} className="checkout-step__summary-line">
            {line}
          </span>
        ))}
      </p>
    </div>
  );
}
