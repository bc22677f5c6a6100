import type { ProductDetail } from '@shop/contract';
import { type RefObject, useRef } from 'react';
import { useBottomInset } from '../../../lib/bottom-inset';
import { useScrollMeasure } from '../../../lib/use-scroll-measure';
import { AddToCartButton } from './add-to-cart';
import { ProductPrice } from './product-price';
import '../product.css';

/** True once the element's bottom edge has scrolled above the top of the window. */
export function useScrolledPast(ref: RefObject<HTMLElement | null>): boolean {
  return useScrollMeasure(() => {
    const element = ref.current;
    return element ? element.getBoundingClientRect().bottom < 0 : false;
  }, false);
}

/** A bar with the title, price and Add to cart that appears once the warranty section has scrolled by. */
export function StickyToolbar({
  product,
  triggerRef,
}: {
  product: ProductDetail;
  triggerRef: RefObject<HTMLElement | null>;
}) {
  const visible = useScrolledPast(triggerRef);
  const ref = useRef<HTMLDivElement>(null);
  useBottomInset(ref, visible);
  if (!visible) return null;
  return (
    <section ref={ref} className="sticky-toolbar" aria-label="Item summary">
      <div className="sticky-toolbar__inner">
        {product.Images[0] ? (
          <img className="sticky-toolbar__thumb" src={product.Images[0].Thumbnail} alt="" width={300} height={200} />
        ) : null}
        <p className="sticky-toolbar__title">{product.Title}</p>
        <ProductPrice item={product} size="small" />
        <AddToCartButton product={product} />
      </div>
    </section>
  );
}
