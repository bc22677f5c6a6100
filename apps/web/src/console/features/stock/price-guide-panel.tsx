import { formatMoney, type PriceGuideValue, type Region } from '@shop/contract';
import { useId, useState } from 'react';
import { usePriceGuide } from './api/price-guide';
import { PriceGuideAnswer } from './price-guide-answer';
import './price-guide-panel.css';

export interface PriceGuidePanelProps {
  storeId: number;
  /** The item being edited ('' when adding): the guide leaves it out of its comparables. */
  itemCode: string;
  region: Region;
  /** The form's fields as typed; the guide is asked once they pause. */
  title: string;
  categoryId: string;
  brand: string;
  condition: string;
  /** "Use this price": the form puts it in its price field and focuses that. */
  onUsePrice: (minor: number) => void;
}

/**
 * The price guide beside the item form's price: what comparable items across the region sold and
 * are listed for, asked as staff fill title, category, brand and condition. Screen readers hear one
 * polite sentence per settled answer (never per key), and what "Use this price" did.
 */
export function PriceGuidePanel(props: PriceGuidePanelProps) {
  const headingId = useId();
  const { query, ready } = usePriceGuide(props.storeId, props);
  const [used, setUsed] = useState<{ data: PriceGuideValue; text: string } | null>(null);
  const data = ready ? query.data : undefined;
  const settled = data !== undefined && !query.isPlaceholderData;
  const announcement = used && used.data === data ? used.text : settled ? summarySentence(data, props.region) : '';

  const use = (value: PriceGuideValue, minor: number) => {
    props.onUsePrice(minor);
    setUsed({ data: value, text: `Price set to ${formatMoney(minor, props.region)}.` });
  };

  return (
    <section className="price-guide" aria-labelledby={headingId}>
      <h2 id={headingId} className="price-guide__title">
        Price guide
      </h2>
      {!ready ? (
        <p className="price-guide__note">
          Fill in the title and category to see what comparable items sold and are listed for in the region.
        </p>
      ) : data ? (
        <div className={query.isPlaceholderData ? 'price-guide__stale' : undefined}>
          <PriceGuideAnswer
            value={data}
            region={props.region}
            condition={Number(props.condition)}
            onUse={(minor) => use(data, minor)}
          />
        </div>
      ) : query.isError ? (
        <p className="price-guide__note">The price guide is not available just now: {query.error.message}</p>
      ) : (
        <p className="price-guide__note">Looking for comparable items...</p>
      )}
      {/* The region is never marked aria-busy while asking: some screen readers hold back live changes inside a busy region. */}
      <p className="visually-hidden" aria-live="polite" data-testid="price-guide-announcement">
        {announcement}
      </p>
    </section>
  );
}

/** The one sentence read out when an answer settles. */
export function summarySentence(value: PriceGuideValue, region: Region): string {
  if (value.SuggestedMinor === null || value.Confidence === 'None')
    return 'Price guide: not enough comparable items to suggest a price.';
  return `Price guide: suggested ${formatMoney(value.SuggestedMinor, region)} from ${value.SoldCount} sold and ${value.ListedCount} listed, ${value.Confidence.toLowerCase()} confidence.`;
}
