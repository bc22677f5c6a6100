import { ConditionLabel, formatMoney, type PriceGuideValue, type Region } from '@shop/contract';
import { PriceGuideComparables } from './price-guide-comparables';

interface AnswerProps {
  value: PriceGuideValue;
  region: Region;
  /** The condition chosen in the form (0-5). */
  condition: number;
  onUse: (minor: number) => void;
}

/**
 * The guide's answer: the suggestion with its "Use this price", the figures behind it and the
 * closest comparables. With too few comparables it says so and suggests nothing.
 */
export function PriceGuideAnswer({ value, region, condition, onUse }: AnswerProps) {
  const money = (minor: number | null) => (minor === null ? 'None' : formatMoney(minor, region));
  const suggested = value.Confidence === 'None' ? null : value.SuggestedMinor;
  return (
    <>
      {suggested === null ? (
        <p className="price-guide__none">
          <strong>Not enough comparable items to suggest a price.</strong> {value.ConfidenceReason}
        </p>
      ) : (
        <div className="price-guide__suggestion">
          <p className="price-guide__suggested">
            Suggested price <strong>{money(suggested)}</strong>
          </p>
          <button type="button" className="button" onClick={() => onUse(suggested)}>
            Use this price
          </button>
        </div>
      )}
      <dl className="price-guide__figures">
        {suggested !== null ? (
          <>
            <Figure
              term="Sold median"
              detail={value.SoldMedianMinor === null ? 'None sold' : money(value.SoldMedianMinor)}
            />
            <Figure
              term="Range"
              detail={
                value.LowMinor === null || value.HighMinor === null
                  ? 'None'
                  : `${money(value.LowMinor)} – ${money(value.HighMinor)} (the middle 80% of sold prices)`
              }
            />
            <Figure
              term="Listed median"
              detail={value.ListedMedianMinor === null ? 'None on sale now' : money(value.ListedMedianMinor)}
            />
          </>
        ) : null}
        <Figure
          term="Comparables"
          detail={`${value.SoldCount} sold in the last 180 days, ${value.ListedCount} listed now`}
        />
        {suggested !== null ? (
          <Figure term="Confidence" detail={`${value.Confidence}: ${value.ConfidenceReason}`} />
        ) : null}
      </dl>
      {suggested !== null ? <p className="price-guide__line">{conditionLine(value, condition)}</p> : null}
      <p className="price-guide__line">{matchedLine(value)}</p>
      <PriceGuideComparables comparables={value.Comparables} region={region} />
    </>
  );
}

function Figure({ term, detail }: { term: string; detail: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{detail}</dd>
    </div>
  );
}

const conditionName = (condition: number) => ConditionLabel[condition] ?? String(condition);

/** How condition moved the suggestion, in one line. */
export function conditionLine(value: PriceGuideValue, condition: number): string {
  const adjustment = value.ConditionAdjustment;
  // To one decimal, as the confidence reason writes it ('+10.5% from Good to Very good').
  const percent = adjustment ? Math.round(Math.abs(adjustment.Percent) * 10) / 10 : 0;
  if (!adjustment || percent === 0) return `No adjustment for condition (${conditionName(condition)}).`;
  const way = adjustment.Percent > 0 ? 'up' : 'down';
  const from =
    adjustment.FromCondition === null ? '' : `, the comparables mostly ${conditionName(adjustment.FromCondition)}`;
  return `Adjusted ${way} ${percent}% for condition: this one is ${conditionName(condition)}${from}.`;
}

/** What the comparables were matched on, so staff can judge them. */
function matchedLine({ MatchedOn }: PriceGuideValue): string {
  const parts = [
    MatchedOn.UsedParentCategory ? `${MatchedOn.CategoryName} (the wider category)` : MatchedOn.CategoryName,
  ];
  if (MatchedOn.Brand) parts.push(MatchedOn.Brand);
  if (MatchedOn.ModelWords.length > 0) parts.push(`the words “${MatchedOn.ModelWords.join(' ')}”`);
  return `Matched on ${parts.join(', ')}.`;
}
