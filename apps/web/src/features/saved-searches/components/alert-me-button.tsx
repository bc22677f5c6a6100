import { SaveSearchControl } from './save-search-control';

export const ALERT_ME_TEXT = 'Alert me when one comes in';

/**
 * "Alert me when one comes in" where the shopper found nothing (an empty search, a sold item): a
 * saved search for `searchUrl` (/search-results?...), named `title` to start with, which mails
 * them when a matching item arrives. A visitor signs in first and comes back to the form.
 */
export function AlertMeButton({
  searchUrl,
  title,
  className,
}: {
  searchUrl: string;
  title: string;
  className?: string;
}) {
  return (
    <SaveSearchControl searchUrl={searchUrl} kind="alert" title={title.slice(0, 100)}>
      {(open) => (
        <button type="button" className={className ?? 'button button--secondary'} aria-haspopup="dialog" onClick={open}>
          {ALERT_ME_TEXT}
        </button>
      )}
    </SaveSearchControl>
  );
}
