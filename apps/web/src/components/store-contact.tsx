import type { Store } from '@shop/contract';

/** A phone number as a tel: link (digits and a leading + only). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * A store's phone and e-mail as list items (a call link named for screen readers, a mail link),
 * for the contact lists of the product page's store details and the store page.
 */
export function StoreContactItems({ store, labelClassName }: { store: Store; labelClassName: string }) {
  return (
    <>
      <li>
        <span className={labelClassName}>Phone</span>{' '}
        <a href={telHref(store.Phone)}>
          <span className="visually-hidden">Call the store on </span>
          {store.Phone}
        </a>
      </li>
      {store.Email ? (
        <li>
          <span className={labelClassName}>Email</span> <a href={`mailto:${store.Email}`}>{store.Email}</a>
        </li>
      ) : null}
    </>
  );
}
