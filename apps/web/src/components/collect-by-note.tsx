import { COLLECT_BY_LABEL, type CollectBy, formatCollectBy } from '@shop/contract';
import './collect-by-note.css';

/**
 * "Collect by Tuesday 1 December, 5:30 pm": a pickup's last chance, in the store's own time zone
 * (the store's closing time on the last day of its pickup window), worded exactly as the e-mails
 * word it. Formatted from the instant and the store's zone, so the server's render and the
 * browser's agree whatever zone the shopper is in.
 */
export function CollectByNote({ collectBy }: { collectBy: CollectBy }) {
  return (
    <p className="collect-by">
      {COLLECT_BY_LABEL} <strong>{formatCollectBy(collectBy.At, collectBy.TimeZone)}</strong>
    </p>
  );
}
