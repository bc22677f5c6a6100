import type { ShippingEstimate } from '@shop/contract';
import { Notice } from '../../../components/notice';
import type { CostType } from './delivery-rules';

/** What the signature-on-delivery and insurance line says when either applies. */
export function sodAndInsuranceText(estimate: ShippingEstimate): string | null {
  const parts = [
    estimate.HasSignatureOnDelivery ? 'signature on delivery' : null,
    estimate.HasInsurance ? 'insurance' : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const what = parts.join(' and ');
  return `Includes ${what} (${estimate.SodAndInsuranceCost.Display}), required for items of this value.`;
}

/**
 * The cost types of an estimate as radios: Regular, and Express when the reply enables it; the
 * missing-table-rate message instead when the items cannot be posted there (checkout.md section 4).
 */
export function PostageCosts({
  estimate,
  costType,
  onChoose,
  name,
}: {
  estimate: ShippingEstimate;
  costType: CostType | null;
  onChoose(type: CostType): void;
  /** The radio group's name (one per store under split postage). */
  name: string;
}) {
  if (estimate.MissingTableRateMessage) return <Notice kind="warning">{estimate.MissingTableRateMessage}</Notice>;
  const rows: { type: CostType; label: string; amount: string; timeline: string }[] = [];
  if (estimate.Regular) {
    rows.push({
      type: 'Regular',
      label: 'Regular',
      amount: estimate.Regular.Display,
      timeline: estimate.RegularTimeLine,
    });
  }
  if (estimate.IsExpressPostageEnabled && estimate.Express) {
    rows.push({
      type: 'Express',
      label: 'Express',
      amount: estimate.Express.Display,
      timeline: estimate.ExpressTimeLine,
    });
  }
  const extra = sodAndInsuranceText(estimate);
  return (
    <fieldset className="postage-costs">
      <legend>Postage</legend>
      {rows.map((row) => (
        <label key={row.type} className={`postage-cost ${costType === row.type ? 'postage-cost--chosen' : ''}`}>
          <input
            type="radio"
            name={name}
            value={row.type}
            checked={costType === row.type}
            onChange={() => onChoose(row.type)}
          />
          <span className="postage-cost__name">{row.label}</span>
          <span className="postage-cost__amount">{row.amount}</span>
          {row.timeline ? <span className="postage-cost__timeline">{row.timeline}</span> : null}
        </label>
      ))}
      {extra ? <p className="postage-costs__extra">{extra}</p> : null}
    </fieldset>
  );
}
