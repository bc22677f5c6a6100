import type { Region } from '@shop/contract';
import { useCardPostage } from '../lib/card-postage';
import './card-postage-line.css';

/**
 * A card's postage line: the server's "Postage from" until the exact figure for the shopper's
 * postcode arrives (lib/card-postage.ts), then that figure over it in the same box. The "from"
 * line stays underneath, hidden, so the box keeps its size and nothing on the page moves (the exact
 * line is the shorter of the two).
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
  if (!label) return null;
  const shown = exact !== null;
  return (
    <p className={`${className} card-postage`}>
      <span className={shown ? 'card-postage__hidden' : undefined} aria-hidden={shown || undefined}>
        {label}
      </span>
      {shown ? <span className="card-postage__exact">{exact}</span> : null}
    </p>
  );
}
