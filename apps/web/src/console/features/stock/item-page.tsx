import type { ConsoleItem, Region } from '@shop/contract';
import { ConditionLabel, formatMoney, itemValueLabel } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Notice } from '../../../components/notice';
import { formatCount } from '../../../lib/format-count';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConsoleStore } from '../../lib/use-console-store';
import { useStockItem } from './api/stock-items';
import { EndItemActions } from './end-item-actions';
import { PriceForm } from './price-form';
import { noticeOf, shopPath, stockPaths } from './stock-paths';
import { StatusBadge } from './stock-status';

/**
 * One item of the store: what the shop shows of it, and what the store can do with it while it is
 * on sale (edit, change the price, mark sold in store, withdraw). A message from the page before
 * (added, saved) is shown first and takes the focus.
 */
export function ItemPage() {
  const { store } = useConsoleStore();
  const code = useParams().code ?? '';
  const item = useStockItem(store.Id, code);
  const arrived = noticeOf(useLocation().state);
  const [message, setMessage] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(`${item.status === 'done' ? item.value.Title : 'Item'} · ${store.Name}`);
  useEffect(() => {
    if (arrived) noticeRef.current?.focus();
  }, [arrived]);

  if (item.status !== 'done') {
    return (
      <section className="stock">
        <p className="stock__back">
          <Link to={stockPaths.list(store.Id)}>Back to the stock</Link>
        </p>
        <h1>Item {code}</h1>
        {item.status === 'error' ? <Notice kind="error">{item.message}</Notice> : <p role="status">Loading...</p>}
      </section>
    );
  }
  const value = item.value;
  const changeable = value.Status === 'available' && !value.InLiveOrder;
  return (
    <section className="stock stock-item" aria-labelledby="stock-item-title">
      <p className="stock__back">
        <Link to={stockPaths.list(store.Id)}>Back to the stock</Link>
      </p>
      {arrived ? (
        <div className="notice notice--success" ref={noticeRef} tabIndex={-1}>
          {arrived} <Link to={shopPath(value)}>See it in the shop</Link>
        </div>
      ) : null}
      <h1 id="stock-item-title" tabIndex={-1}>
        {value.Title}
      </h1>
      <p className="stock-item__status">
        <StatusBadge status={value.Status} /> <span>Code {value.Code}</span>
      </p>
      <div className="stock-item__status-message" role="status">
        {message}
      </div>
      <div className="stock-item__body">
        {value.Thumbnail ? (
          <img className="stock-item__picture" src={value.Thumbnail} alt={value.Title} width={300} height={225} />
        ) : null}
        <ItemFacts item={value} region={store.Region} />
      </div>
      <div className="stock-item__links">
        {value.Status !== 'withdrawn' ? (
          <Link className="button button--secondary" to={shopPath(value)}>
            See it in the shop
          </Link>
        ) : null}
        {changeable ? (
          <Link className="button button--secondary" to={stockPaths.edit(store.Id, value.Code)}>
            Edit the item
          </Link>
        ) : null}
      </div>
      {value.InLiveOrder ? (
        <Notice kind="info">
          This item is in a live order (reserved or bought online), so it cannot be changed now.
        </Notice>
      ) : null}
      {!value.InLiveOrder && !changeable ? (
        <Notice kind="info">This item is no longer on sale, so it cannot be changed.</Notice>
      ) : null}
      {changeable ? (
        <>
          <PriceForm item={value} storeId={store.Id} region={store.Region} onDone={setMessage} />
          <EndItemActions item={value} storeId={store.Id} onDone={setMessage} />
        </>
      ) : null}
    </section>
  );
}

function ItemFacts({ item, region }: { item: ConsoleItem; region: Region }) {
  const promotion = !item.Promotion
    ? 'None'
    : item.Promotion.Method === 'Percentage'
      ? `${item.Promotion.Amount}% off`
      : `${formatMoney(item.Promotion.Amount, region)} off the RRP`;
  const facts: [string, string][] = [
    ['Price', item.Price],
    ['RRP', item.RrpMinor > 0 ? item.Rrp : 'Not given'],
    ['Promotion', promotion],
    ['Category', item.CategoryName],
    ['Brand', item.Brand || 'Not given'],
    ['Condition', ConditionLabel[item.Condition] ?? String(item.Condition)],
    ['Colour', item.Colour ? itemValueLabel(item.Colour) : 'Not given'],
    ['Storage', item.Storage ? itemValueLabel(item.Storage) : 'Not given'],
    ['Weight', item.WeightGrams === null ? 'Not given' : `${formatCount(item.WeightGrams)} g`],
    [
      'Size',
      item.LengthCm === null || item.WidthCm === null || item.HeightCm === null
        ? 'Not given'
        : `${item.LengthCm} × ${item.WidthCm} × ${item.HeightCm} cm`,
    ],
    ['Postage', item.Postable ? 'Can be posted or picked up' : 'Pickup in store only'],
    ['Pictures', String(item.PictureCount)],
    ['Listed', new Date(item.ListedAt).toLocaleDateString('en-AU', { dateStyle: 'medium' })],
  ];
  return (
    <dl className="stock-item__facts">
      {facts.map(([term, detail]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
