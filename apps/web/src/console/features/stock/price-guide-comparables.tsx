import { ConditionLabel, formatMoney, ORDER_TIME_ZONE, type PriceGuideComparable, type Region } from '@shop/contract';

/** The closest comparables first, each linking to its page in a new tab (the form stays as filled). */
export function PriceGuideComparables({
  comparables,
  region,
}: {
  comparables: PriceGuideComparable[];
  region: Region;
}) {
  if (comparables.length === 0) return null;
  return (
    <>
      <h3 className="price-guide__subtitle">Closest comparables</h3>
      <ol className="price-guide__comparables">
        {comparables.map((item) => (
          <li key={item.Code} className="price-guide__comparable">
            <a href={item.Url} target="_blank" rel="noopener noreferrer">
              {item.Title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <span className="price-guide__price">{formatMoney(item.PriceMinor, region)}</span>
            <span className="price-guide__facts">
              {item.Status === 'Sold' ? 'Sold' : 'Listed'} {guideDate(item.Date, region)} ·{' '}
              {ConditionLabel[item.Condition] ?? item.Condition} · {item.StoreName}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * A comparable's date as the console writes dates ('3 November 2026'), in the shop's zone for the
 * region; a bare 'YYYY-MM-DD' is that day, whatever the zone.
 */
export function guideDate(text: string, region: Region): string {
  const locale = region === 'AU' ? 'en-AU' : 'en-GB';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long' }).format(date);
  }
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return new Intl.DateTimeFormat(locale, { timeZone: ORDER_TIME_ZONE[region], dateStyle: 'long' }).format(date);
}
