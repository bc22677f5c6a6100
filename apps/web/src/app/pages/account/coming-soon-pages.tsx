import { Link } from 'react-router';
import { AccountFrame } from './account-frame';

/*
 * account.md 2.1: unmatched account paths fall back to the orders list, the saved-searches list and
 * the overview. Saved searches arrive with their own issue; until then their paths (and anything
 * under them) show this.
 */

/** /my-account/saved-searches/*. */
export function SavedSearchesComingSoonPage() {
  return (
    <AccountFrame title="Saved Searches" crumb="Saved Searches">
      <p>Saved searches are coming soon: save a search and we will e-mail you when new items match it.</p>
      <p>
        Go back to <Link to="/my-account">My Shopping</Link>.
      </p>
    </AccountFrame>
  );
}
