import { ConditionLabel, type ProductListItem, type Region } from '@shop/contract';
import { useSiteSettings } from '../lib/site-settings';
import { priceText, regionOfPrice, saleBadgeText } from './product-card-text';
import './product-card.css';

function ConditionDots({ condition }: { condition: number }) {
  if (condition === 0) return null;
  return (
    <span
      className="product-card__condition"
      role="img"
      aria-label={`Condition: ${ConditionLabel[condition] ?? condition}, ${condition} out of 5`}
      title={ConditionLabel[condition]}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= condition ? 'product-card__dot product-card__dot--on' : 'product-card__dot'} />
      ))}
    </span>
  );
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.9-1.8 4.5-9.3 9.1-9.3 9.1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A product in a list or grid (storefront.md screen 1): picture, sale badge, wishlist heart, title,
 * category, store with state, condition dots, price and postage. Shared by search, similar items,
 * popular items and the wishlist.
 */
export function ProductCard({
  item,
  region,
  layout = 'grid',
  headingLevel = 3,
}: {
  item: ProductListItem;
  /** Defaults to the site's region (or, before the settings load, the one the price was written for). */
  region?: Region;
  /** 'list' lays the card out in a row (picture beside the words) from medium screens up. */
  layout?: 'grid' | 'list';
  headingLevel?: 2 | 3 | 4;
}) {
  const settings = useSiteSettings();
  const price = priceText(item);
  const cardRegion = region ?? (settings.loaded ? settings.Region : regionOfPrice(item.Sp));
  const badge = item.IsAvailable ? saleBadgeText(item, cardRegion) : null;
  const reduced =
    item.IsAvailable && !item.ItemUnavailableAsStoreDisabledPickup && item.SpMinorUnits < item.RrpMinorUnits;
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={`product-card product-card--${layout}${item.IsAvailable ? '' : ' product-card--sold'}`}
      aria-label={item.Title}
    >
      <div className="product-card__media">
        {/* The title's link covers the whole card, picture included, so there is one link per card. */}
        {item.ImageUrl ? (
          <img className="product-card__image" src={item.ImageUrl} alt="" width={450} height={338} loading="lazy" />
        ) : (
          <span className="product-card__image product-card__image--none">No picture yet</span>
        )}
        {badge ? <span className="product-card__badge">{badge}</span> : null}
        <button
          type="button"
          className="product-card__heart"
          aria-pressed={false}
          aria-label={`Add ${item.Title} to wishlist`}
          title="Wishlist coming soon"
          disabled
        >
          <HeartIcon />
        </button>
      </div>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <a href={item.Url}>{item.Title}</a>
        </Heading>
        <p className="product-card__category">{item.Category}</p>
        <p className="product-card__store">{item.StoreNameWithState}</p>
        <ConditionDots condition={item.Condition} />
        <p className="product-card__price">
          <strong className={price === item.Sp ? undefined : 'product-card__price-note'}>{price}</strong>
          {reduced ? (
            <s className="product-card__rrp">
              <span className="visually-hidden">Was </span>
              {item.Rrp}
            </s>
          ) : null}
        </p>
        {item.ShippingLabel ? <p className="product-card__postage">{item.ShippingLabel}</p> : null}
      </div>
    </article>
  );
}
