import { ConditionLabel, type ProductListItem, type Region } from '@shop/contract';
import { useSiteSettings } from '../lib/site-settings';
import { CardAddToCart } from './card-add-to-cart';
import { CardPostageLine } from './card-postage-line';
import {
  CARD_IMAGE_SIZES,
  cardImageSrcSet,
  distanceLine,
  priceText,
  regionOfPrice,
  saleBadgeText,
} from './product-card-text';
import './product-card.css';
import { WishlistHeart } from './wishlist-heart';

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
  showAddToCart = false,
  priority = false,
}: {
  item: ProductListItem;
  /** Defaults to the site's region (or, before the settings load, the one the price was written for). */
  region?: Region;
  /** 'list' lays the card out in a row (picture beside the words) from medium screens up. */
  layout?: 'grid' | 'list';
  headingLevel?: 2 | 3 | 4;
  /** Adds an Add to cart button under the card's words. */
  showAddToCart?: boolean;
  /**
   * A card in the first row: its picture loads at once with high priority (it is likely the
   * page's largest paint) instead of waiting to be scrolled near.
   */
  priority?: boolean;
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
          <img
            className="product-card__image"
            src={item.ImageUrl}
            srcSet={cardImageSrcSet(item.ImageUrl) ?? undefined}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            width={450}
            height={338}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
          />
        ) : (
          <span className="product-card__image product-card__image--none">No picture yet</span>
        )}
        {badge ? <span className="product-card__badge">{badge}</span> : null}
        <WishlistHeart code={item.Code} title={item.Title} price={item.SpMinorUnits / 100} brand={item.Brand} />
      </div>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <a href={item.Url}>{item.Title}</a>
        </Heading>
        <p className="product-card__category">{item.Category}</p>
        <p className="product-card__store">
          {item.DistanceKm === undefined
            ? item.StoreNameWithState
            : distanceLine(item.DistanceKm, item.StoreNameWithState)}
        </p>
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
        <CardPostageLine
          code={item.Code}
          label={item.ShippingLabel}
          region={cardRegion}
          className="product-card__postage"
        />
        {showAddToCart ? (
          <CardAddToCart
            code={item.Code}
            title={item.Title}
            price={item.SpMinorUnits / 100}
            isAvailable={item.IsAvailable}
            pickupDisabled={item.DisableInStorePickup || item.ItemUnavailableAsStoreDisabledPickup}
            resolveId={async () => item.Id}
          />
        ) : null}
      </div>
    </article>
  );
}
