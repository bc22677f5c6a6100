import { useLocation } from 'react-router';
import { Icon } from '../../../components/icon';
import { SaveSearchControl } from './save-search-control';

export { PENDING_SAVED_SEARCH_KEY } from './save-search-control';

/**
 * The search bar's star (account.md 2.5, 2.9), rendered by the bar only on routes that allow
 * saving: the current search through SaveSearchControl (a visitor is asked to sign in first).
 */
export function SaveSearchStar() {
  const location = useLocation();
  // The search itself: the list or grid layout is how it is shown, not part of it.
  const searchUrl = `/search-results${location.search}`;
  return (
    <SaveSearchControl searchUrl={searchUrl} kind="star">
      {(open) => (
        <button
          type="button"
          className="search-bar__star"
          aria-label="Save this search"
          title="Save this search"
          aria-haspopup="dialog"
          onClick={open}
        >
          <Icon name="star" size={20} />
        </button>
      )}
    </SaveSearchControl>
  );
}
