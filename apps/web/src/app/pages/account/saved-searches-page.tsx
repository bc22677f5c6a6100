import { useNavigate, useParams } from 'react-router';
import { SavedSearchesPanel } from '../../../features/saved-searches/components/saved-searches-panel';
import { useViewer } from '../../../lib/viewer';
import { AccountFrame } from './account-frame';

/** The search id in /my-account/saved-searches/{searchId}; anything else deeper is the list alone (account.md 2.1). */
export function searchIdFrom(rest: string | undefined): number | null {
  const first = (rest ?? '').split('/')[0] ?? '';
  return /^\d{1,9}$/.test(first) && Number(first) > 0 ? Number(first) : null;
}

/** /my-account/saved-searches[/:searchId]: 'Saved Searches' (account.md 2.4). */
export function SavedSearchesPage() {
  const params = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const searchId = searchIdFrom(params['*']);
  return (
    <AccountFrame title="Saved Searches" crumb="Saved Searches" wide>
      <SavedSearchesPanel
        searchId={searchId}
        accountEmail={viewer.kind === 'customer' ? viewer.email : ''}
        onFormClosed={() => {
          if (searchId !== null) navigate('/my-account/saved-searches', { replace: true });
        }}
      />
    </AccountFrame>
  );
}
