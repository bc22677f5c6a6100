import { type AdminBanner, RICH_TEXT_RULES } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmDialog } from '../../components/console-ui';
import { adminBannersKey, removeAdminBanner, useAdminBanners } from './api/admin-banners';
import { BannerForm } from './banner-form';

/** The description as the carousel shows it (already sanitised by the server; the browser's pass again). */
function Preview({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_RULES.allowedTags],
    ALLOWED_ATTR: [...RICH_TEXT_RULES.allowedAttributes.a],
  });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and by DOMPurify with the shop's rules.
  return <div className="admin-preview" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Banners: the home carousel's slides of this region; add, change, hide or remove one. */
export function BannersPage() {
  useDocumentTitle('Banners - Marketplace admin');
  const banners = useAdminBanners();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminBanner | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminBannersKey });

  async function remove(banner: AdminBanner) {
    setBusy(true);
    try {
      await removeAdminBanner(banner.Id);
      setRemoving(null);
      setDone(`“${banner.Title}” is removed from the home page.`);
      refresh();
    } catch (error) {
      setRemoveError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="admin-banners">
      <div className="admin-head">
        <h2 id="admin-banners">Home page banners</h2>
        {editing === null && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setEditing('new');
              setDone(null);
            }}
          >
            Add a banner
          </button>
        )}
      </div>
      {done && <Notice kind="success">{done}</Notice>}
      {editing !== null && (
        <BannerForm
          key={editing === 'new' ? 'new' : editing.Id}
          banner={editing === 'new' ? null : editing}
          onSaved={(saved) => {
            setEditing(null);
            setDone(`“${saved.Title}” is saved${saved.Active ? ' and shown on the home page' : ' (hidden)'}.`);
            refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {banners.status === 'loading' && <p role="status">Loading the banners...</p>}
      {banners.status === 'error' && <Notice kind="error">{banners.message}</Notice>}
      {banners.status === 'done' && banners.value.Banners.length === 0 && <p>No banners yet.</p>}
      {banners.status === 'done' && (
        <ul className="admin-list">
          {banners.value.Banners.map((banner) => (
            <li key={banner.Id} className="admin-card">
              <h3>{banner.Title}</h3>
              <p>
                <span className={`admin-badge ${banner.Active ? '' : 'admin-badge--off'}`}>
                  {banner.Active ? 'Shown' : 'Hidden'}
                </span>{' '}
                Position {banner.Position}
              </p>
              {banner.Description && <Preview html={banner.Description} />}
              {banner.BannerClickUrl && <p>Links to {banner.BannerClickUrl}</p>}
              <div className="admin-actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Edit ${banner.Title}`}
                  onClick={() => {
                    setEditing(banner);
                    setDone(null);
                  }}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Remove ${banner.Title}`}
                  onClick={() => {
                    setRemoving(banner);
                    setRemoveError(null);
                  }}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this banner?"
        confirmLabel="Remove the banner"
        busy={busy}
        error={removeError}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>“{removing?.Title}” leaves the home page for good. To take it down for a while, edit it and untick Shown.</p>
      </ConfirmDialog>
    </section>
  );
}
