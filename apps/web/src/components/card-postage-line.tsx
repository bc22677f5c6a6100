import type { Region } from '@shop/contract';
import { useLayoutEffect, useRef, useState } from 'react';
import { useCardPostage } from '../lib/card-postage';
import './card-postage-line.css';

/**
 * A card's postage line: the server's "Postage from" until the exact figure for the shopper's
 * postcode arrives (lib/card-postage.ts), then that figure in the same box. The "from" line stays
 * underneath, hidden, so the box keeps its size and nothing on the page moves; an exact line that
 * would not fit in it (a narrow card where it wraps once more) leaves the "from" line showing.
 */
export function CardPostageLine({
  code,
  label,
  region,
  className,
}: {
  code: string;
  /** The server's line (ShippingLabel); none: no line. */
  label: string;
  region: Region;
  className: string;
}) {
  const exact = useCardPostage(code, region);
  const ref = useRef<HTMLSpanElement>(null);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const box = ref.current;
    if (exact !== null && box && box.scrollHeight > box.clientHeight + 1) setFits(false);
  }, [exact]);
  if (!label) return null;
  const shown = exact !== null && fits;
  return (
    <p className={`${className} card-postage`}>
      <span className={shown ? 'card-postage__hidden' : undefined} aria-hidden={shown || undefined}>
        {label}
      </span>
      {shown ? (
        <span ref={ref} className="card-postage__exact">
          {exact}
        </span>
      ) : null}
    </p>
  );
}
