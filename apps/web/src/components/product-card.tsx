import type { ProductListItem } from '@shop/contract';

function ConditionDots({ condition }: { condition: number }) {
  if (condition === 0) return null;
  return (
    <span className="condition" role="img" aria-label={`Condition ${condition} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= condition ? 'dot dot--on' : 'dot'} />
      ))}
    </span>
  );
}

function priceText(item: ProductListItem): string {
  if (!item.IsAvailable) return 'Sold';
  if (item.ItemUnavailableAsStoreDisabledPickup) return 'Contact store for options';
  return item.Sp;
}

/** A result in the list: picture, title, category, store, condition, price and postage. */
export function ProductCard({ item }: { item: ProductListItem }) {
  const reduced = item.IsAvailable && item.SpMinorUnits < item.RrpMinorUnits;
  return (
    <article className="card">
      <a className="card__link" href={item.Url}>
        {item.ImageUrl ? (
          <img className="card__image" src={item.ImageUrl} alt="" width={450} height={338} loading="lazy" />
        ) : (
          <div className="card__image card__image--none">No picture yet</div>
        )}
        <h3 className="card__title">{item.Title}</h3>
      </a>
      <p className="card__meta">
        {item.Category} · {item.StoreNameWithState}
      </p>
      <ConditionDots condition={item.Condition} />
      <p className="card__price">
        <strong>{priceText(item)}</strong>
        {reduced ? <s className="card__rrp"> {item.Rrp}</s> : null}
      </p>
      <p className="card__shipping">{item.ShippingLabel}</p>
    </article>
  );
}
