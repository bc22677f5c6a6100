import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConsolePager, pageParam } from '../../components/console-pager';
import { consolePaths, useConsoleStore } from '../../lib/use-console-store';
import { useConsoleAudit } from './api/orders-audit';
import { auditActionLabel, auditDetailLines } from './audit-labels';
import { consoleDateTime } from './order-labels';

/**
 * /store-console/stores/:storeId/orders/audit[?page=]: the store's audit trail, newest first: who
 * did what and when, with the order and item it was about.
 */
export function AuditPage() {
  const { store } = useConsoleStore();
  const [search] = useSearchParams();
  const page = pageParam(search.get('page'));
  const audit = useConsoleAudit(store.Id, page);
  useDocumentTitle('Audit trail');
  const orders = consolePaths.orders(store.Id);
  return (
    <section className="console-audit" aria-labelledby="console-audit-title">
      <p className="console-back">
        <Link to={orders}>Back to the orders</Link>
      </p>
      <h1 id="console-audit-title">Audit trail</h1>
      <p>Every change made in the console for {store.Name}: who did it and when, newest first.</p>
      {audit.status === 'loading' ? (
        <p role="status">Loading the audit trail...</p>
      ) : audit.status === 'error' ? (
        <p role="alert" className="notice notice--error">
          {audit.message}
        </p>
      ) : audit.value.TotalCount === 0 ? (
        <p>Nothing has been changed yet.</p>
      ) : (
        <>
          <ol className="console-audit__list">
            {audit.value.Entries.map((entry) => {
              const details = auditDetailLines(entry.Detail, store.Region);
              return (
                <li key={entry.Id} className="console-audit__entry">
                  <p className="console-audit__what">
                    <strong>{auditActionLabel(entry.Action)}</strong>
                    {entry.OrderReference ? (
                      <>
                        {' '}
                        on <Link to={`${orders}/${entry.OrderReference}`}>{entry.OrderReference}</Link>
                      </>
                    ) : null}
                    {entry.ItemCode ? <> (item {entry.ItemCode})</> : null}
                  </p>
                  <p className="console-audit__who">
                    <time dateTime={entry.At}>{consoleDateTime(entry.At, store.Region)}</time> by{' '}
                    {entry.StaffEmail || 'a former staff member'}
                  </p>
                  {details.length > 0 ? (
                    <dl className="console-audit__detail">
                      {details.map((line) => (
                        <div key={line.label}>
                          <dt>{line.label}</dt>
                          <dd>{line.value}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <ConsolePager
            page={audit.value.Page}
            pageSize={audit.value.PageSize}
            totalCount={audit.value.TotalCount}
            search={search.toString()}
            label="Audit trail pages"
          />
        </>
      )}
    </section>
  );
}
