import type { SavedSearch } from '@shop/contract';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { useMediaQuery } from '../../../lib/use-media-query';
import { frequencyLabel, resultsSummary, searchHref } from '../saved-search-text';
import '../saved-searches.css';

/** Phones get cards: a three-column table would scroll sideways. */
export const PHONE_QUERY = '(max-width: 639.98px)';

interface RowActions {
  onEdit: (search: SavedSearch) => void;
  onDelete: (search: SavedSearch) => void;
}

function Actions({ search, onEdit, onDelete }: { search: SavedSearch } & RowActions) {
  return (
    <span className="saved-search__actions">
      <button
        type="button"
        className="link-button"
        aria-label={`Edit ${search.Name}`}
        aria-haspopup="dialog"
        onClick={() => onEdit(search)}
      >
        Edit
      </button>
      <button
        type="button"
        className="link-button"
        aria-label={`Delete ${search.Name}`}
        aria-haspopup="dialog"
        onClick={() => onDelete(search)}
      >
        Delete
      </button>
    </span>
  );
}

function Title({ search }: { search: SavedSearch }) {
  return (
    <>
      <Link className="saved-search__name" to={searchHref(search)}>
        {search.Name}
      </Link>
      <span className="saved-search__summary">{resultsSummary(search)}</span>
    </>
  );
}

/** No searches yet: how to save one with the star in the search bar (account.md 2.4). */
export function NoSavedSearches() {
  return (
    <div className="saved-searches__empty">
      <p>You have no saved searches yet.</p>
      <p>
        To save a search, search for something, then select the star{' '}
        <span className="saved-searches__star" role="img" aria-label="star">
          <Icon name="star" size={18} />
        </span>{' '}
        in the search bar. Choose how often we e-mail you new matches, and it will appear here.
      </p>
      <p>
        <Link className="button button--yellow" to="/search-results">
          Start searching
        </Link>
      </p>
    </div>
  );
}

/** Title, Frequency, Modify: a table on wider screens, cards with their labels on phones. */
export function SavedSearchList({ searches, ...actions }: { searches: SavedSearch[] } & RowActions) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) {
    return (
      <ul className="saved-search-cards" aria-label="Current searches">
        {searches.map((search) => (
          <li key={search.Id} className="saved-search-card">
            <Title search={search} />
            <dl className="saved-search-card__fields">
              <div className="saved-search-card__row">
                <dt>Frequency</dt>
                <dd>{frequencyLabel(search.NotificationFrequency)}</dd>
              </div>
              <div className="saved-search-card__row">
                <dt>Modify</dt>
                <dd>
                  <Actions search={search} {...actions} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className="saved-search-table">
      <caption className="visually-hidden">Current searches</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Frequency</th>
          <th scope="col">Modify</th>
        </tr>
      </thead>
      <tbody>
        {searches.map((search) => (
          <tr key={search.Id}>
            <th scope="row">
              <Title search={search} />
            </th>
            <td>{frequencyLabel(search.NotificationFrequency)}</td>
            <td>
              <Actions search={search} {...actions} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
