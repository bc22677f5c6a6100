import type { AdminPage } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminPagesKey, useAdminPages } from './api/admin-pages';
import { PageForm } from './page-form';

/**
 * Pages: the region's help pages, the policies every shop must have first (terms, privacy,
 * cookies, returns, warranty, contact), then the help articles. The shop shows a change at once.
 */
export function PagesPage() {
  useDocumentTitle('Pages - Marketplace admin');
  const pages = useAdminPages();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminPage | null>(null);
  const [done, setDone] = useState<AdminPage | null>(null);
  return (
    <section aria-labelledby="admin-pages">
      <div className="admin-head">
        <h2 id="admin-pages">Help and policy pages</h2>
      </div>
      {done && (
        <Notice kind="success">
          “{done.Title}” is saved. <a href={done.Url}>See it in the shop</a>
        </Notice>
      )}
      {editing !== null && (
        <PageForm
          key={editing.Slug}
          page={editing}
          onSaved={(saved) => {
            setEditing(null);
            setDone(saved);
            // The shop's own copy of the page (and the item page's returns summary) is stale now.
            void queryClient.invalidateQueries({ queryKey: ['help-page', saved.Slug] });
            void queryClient.invalidateQueries({ queryKey: adminPagesKey });
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {pages.status === 'loading' && <p role="status">Loading the pages...</p>}
      {pages.status === 'error' && <Notice kind="error">{pages.message}</Notice>}
      {pages.status === 'done' && (
        <ul className="admin-list">
          {pages.value.Pages.map((page) => (
            <li key={page.Slug} className="admin-card">
              <h3>{page.Title}</h3>
              <p>
                <a href={page.Url}>{page.Url}</a>
              </p>
              <p>{page.Description}</p>
              <div className="admin-actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Edit ${page.Title}`}
                  onClick={() => {
                    setEditing(page);
                    setDone(null);
                  }}
                >
                  Edit
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
