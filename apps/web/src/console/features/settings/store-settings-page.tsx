import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConsoleStore } from '../../lib/use-console-store';
import { useStoreSettings } from './api/settings-get';
import { DetailsSection } from './details-section';
import { InvoiceSection } from './invoice-section';
import { PickupSection } from './pickup-section';
import { PostageSection } from './postage-section';
import './settings.css';

/**
 * The store's settings: each section saves on its own, and the shop shows
 * the change at once (the store page, product pages, checkout's pickup and postage, tax invoices).
 */
export function StoreSettingsPage() {
  const { store } = useConsoleStore();
  useDocumentTitle(`Settings: ${store.Name}`);
  const settings = useStoreSettings(store.Id);
  if (settings.status === 'loading') return <p role="status">Loading the store's settings...</p>;
  if (settings.status === 'error') {
    return (
      <section className="settings">
        <h1>Store settings</h1>
        <p role="alert">{settings.message}</p>
        <button type="button" className="button" onClick={settings.reload}>
          Try again
        </button>
      </section>
    );
  }
  const value = settings.value;
  return (
    // Keyed by store: another store's settings start a fresh form.
    <div className="settings" key={value.StoreId}>
      <div className="settings__head">
        <h1>Settings: {value.Name}</h1>
        <Link to={value.Url}>See the store's page</Link>
      </div>
      <DetailsSection settings={value} />
      <PickupSection settings={value} />
      {/* A table started here is a fresh form. */}
      <PostageSection key={value.Postage ? 'table' : 'none'} settings={value} />
      <InvoiceSection settings={value} />
    </div>
  );
}
