import type { ProductDetail } from '@shop/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice';
import { ScrollToTop } from '../../../components/scroll-to-top';
import { WishlistHeart } from '../../../components/wishlist-heart';
import { AccountWidget } from './account-widget';
import { AddToCartButton } from './add-to-cart';
import { CollectFrom } from './collect-from';
import { ConditionRating } from './condition-rating';
import { DeliveryOptions } from './delivery-options';
import { EnquiryForm } from './enquiry-form';
import { PostageQuote } from './postage-quote';
import { ProductAccordions } from './product-accordions';
import { ProductGallery } from './product-gallery';
import { ProductPrice } from './product-price';
import { ReturnsAndWarranty } from './returns-and-warranty';
import { ShareToggle } from './share-toggle';
import { SimilarItems } from './similar-items';
import { StickyToolbar } from './sticky-toolbar';
import { StoreDetails } from './store-details';
import '../product.css';
import { Icon } from '../../../components/icon';
import { HydrateLater } from '../../../lib/hydrate-later';

function Breadcrumbs({ product }: { product: ProductDetail }) {
  const crumbs = product.Breadcrumbs.filter((crumb) => crumb.Url !== product.Url);
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb) => (
          <li key={`${crumb.Url}-${crumb.Label}`}>
            <Link to={crumb.Url}>{crumb.Label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{product.Title}</span>
        </li>
      </ol>
    </nav>
  );
}

/** Whether the item can be collected from its store (the delivery options' rule). */
function canCollect(product: ProductDetail): boolean {
  return product.CanPickup && !product.DisableInStorePickup && !product.Store.PickupDisabled;
}

function availabilityNotice(product: ProductDetail) {
  if (product.IsAvailable) return null;
  if (product.Status === 'reserved') {
    return (
      <Notice kind="warning">
        <strong>On hold:</strong> another shopper is buying this item right now. Similar items are listed below.
      </Notice>
    );
  }
  return (
    <Notice kind="warning">
      <strong>Sold:</strong> this item has found a new home. Similar items that are still available are listed below.
    </Notice>
  );
}

/**
 * The product page's content: pictures, price, condition, store, delivery, details, enquiry, similar
 * items. A sold item also offers `soldAlert` (the page's "Alert me when one comes in").
 */
export function ProductDetails({ product, soldAlert }: { product: ProductDetail; soldAlert?: ReactNode }) {
  const warrantyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.title = `${product.IsAvailable ? '' : 'Sold: '}${product.Title} | Secondhand`;
  }, [product.Title, product.IsAvailable]);
  const similar = <SimilarItems code={product.Code} searchUrl={product.SimilarSearchUrl} sold={!product.IsAvailable} />;
  return (
    <article className={`product ${product.IsAvailable ? '' : 'product--unavailable'}`}>
      <Breadcrumbs product={product} />
      <div className="product__top">
        {/* The gallery and the buy box are drawn by the server; each hydrates in a task after the
            page's main pass (HydrateLater), so no one task holds the phone's main thread long. */}
        <HydrateLater name="product-gallery">
          <div className="product__media">
            <ProductGallery images={product.Images} title={product.Title} />
          </div>
        </HydrateLater>
        <HydrateLater name="product-summary">
          <div className="product__summary">
            {availabilityNotice(product)}
            {!product.IsAvailable && product.Status !== 'reserved' && soldAlert ? (
              <div className="product__alert">{soldAlert}</div>
            ) : null}
            <p className="product__eyebrow">
              {product.Brand ? <span>{product.Brand}</span> : null}
              <span>{product.Category}</span>
            </p>
            <h1 className="product__title">{product.Title}</h1>
            <ProductPrice item={product} />
            <ConditionRating condition={product.Condition} label={product.ConditionLabel} />
            {product.HasAuthenticityCertificate ? (
              <p className="product__certificate">
                <Icon name="shield-check" size={18} />
                Comes with an authenticity certificate
              </p>
            ) : null}
            <p className="product__location">
              At our <a href="#store-details">{product.Store.Name} store</a>, {product.Store.StateName}
            </p>
            {product.IsAvailable ? (
              <DeliveryOptions
                product={product}
                collect={canCollect(product) ? <CollectFrom store={product.Store} /> : undefined}
              />
            ) : null}
            <PostageQuote product={product} />
            <div className="product__actions">
              <AddToCartButton product={product} />
              <WishlistHeart
                code={product.Code}
                title={product.Title}
                price={product.SpMinorUnits / 100}
                optimistic
                className="product__heart"
              />
              <ShareToggle title={product.Title} path={product.Url} />
            </div>
            <AccountWidget />
            <ReturnsAndWarranty />
          </div>
        </HydrateLater>
      </div>
      {product.IsAvailable ? null : similar}
      {/* Below the fold: each part hydrates after the page, in a task of its own. */}
      <div className="product__more">
        <div className="product__main">
          <HydrateLater name="product-accordions">
            <ProductAccordions product={product} warrantyRef={warrantyRef} />
          </HydrateLater>
          <HydrateLater name="enquiry-form">
            <EnquiryForm productCode={product.Code} storeName={product.Store.Name} />
          </HydrateLater>
        </div>
        <aside className="product__aside" id="store-details" aria-label="Store">
          <HydrateLater name="store-details">
            <StoreDetails store={product.Store} />
          </HydrateLater>
        </aside>
      </div>
      {product.IsAvailable ? <HydrateLater name="similar-items">{similar}</HydrateLater> : null}
      <StickyToolbar product={product} triggerRef={warrantyRef} />
      <ScrollToTop />
    </article>
  );
}

/** What an unknown item code shows. */
export function ProductNotFound({ code }: { code: string }) {
  useEffect(() => {
    document.title = 'Item not found | Secondhand';
  }, []);
  return (
    <section className="not-found">
      <h1>Item not found</h1>
      <p>
        We could not find an item with the code <strong>{code.toUpperCase()}</strong>. It may have been removed from
        sale.
      </p>
      <p className="not-found__actions">
        <Link className="button button--primary" to="/search-results">
          Browse all items
        </Link>{' '}
        <Link className="button button--secondary" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

/** Shown while the item loads: the page's shape without its content. */
export function ProductSkeleton() {
  return (
    <div className="product product--loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the item...
      </p>
      <div className="product__top" aria-hidden="true">
        <div className="product__media">
          <div className="skeleton skeleton--image" />
        </div>
        <div className="product__summary">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
        </div>
      </div>
    </div>
  );
}
