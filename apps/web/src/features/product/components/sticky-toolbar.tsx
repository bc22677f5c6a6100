import type { ProductDetail } from '@shop/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useBottomInset } from '../../../lib/bottom-inset';
import { AddToCartButton } from './add-to-cart';
import { ProductPrice } from './product-price';
import '../product.css';

export const SCROLL_THROTTLE_MS = 20;

/** True once the element's bottom edge has scrolled above the top of the window. */
export function useScrolledPast(ref: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let last = 0;
    let timer: number | undefined;
    const measure = () => {
      last = Date.now();
      timer = undefined;
      const element = ref.current;
      setPast(element ? element.getBoundingClientRect().bottom < 0 : false);
    };
    const onScroll = () => {
      const wait = SCROLL_THROTTLE_MS - (Date.now() - last);
      if (wait <= 0) measure();
      else timer ??= window.setTimeout(measure, wait);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [ref]);
  return past;
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
