import { formatMoney, type StoreInvoiceDetails } from '@shop/contract';
import { type InvoiceWording, itemTaxText, taxFootnotes } from '../invoice-wording';

/**
 * A store's items (Barcode, Item, Postage, Price, GST) and the closing rows. On a phone each item
 * stacks into a small card (invoice.css); should the table still be too wide, it scrolls sideways
 * inside its own box, never the page.
 */
export function InvoiceItems({ store, wording }: { store: StoreInvoiceDetails; wording: InvoiceWording }) {
  const money = (minor: number) => formatMoney(minor, wording.region);
  const notes = taxFootnotes(store.Items, wording);
  const closing: [string, number][] = [
    ['Postage Total', store.PostageTotal],
    ['Sub Total', store.SubTotal],
    [`Order Total Including ${wording.tax}`, store.TotalIncludingTax],
    [`${wording.tax} Total`, store.TaxTotal],
  ];
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard */}
      <section className="invoice-scroll" aria-label={`Items from ${store.StoreDisplayName}`} tabIndex={0}>
        <table className="invoice-items">
          <thead>
            <tr>
              <th scope="col">Barcode</th>
              <th scope="col">Item</th>
              <th scope="col" className="invoice-items__money">
                Postage
              </th>
              <th scope="col" className="invoice-items__money">
                Price
              </th>
              <th scope="col" className="invoice-items__money">
                {wording.tax}
              </th>
            </tr>
          </thead>
          <tbody>
            {store.Items.map((item) => (
              <tr key={item.Code}>
                <td className="invoice-items__code">{item.Code}</td>
                <td className="invoice-items__name">{item.DisplayName}</td>
                <td className="invoice-items__money" data-label="Postage">
                  {money(item.Properties.ItemProportionateShippingCost)}
                </td>
                <td className="invoice-items__money" data-label="Price">
                  {money(item.Properties.ExtendedPrice)}
                </td>
                <td className="invoice-items__money" data-label={wording.tax}>
                  {itemTaxText(item, wording.region)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {closing.map(([label, minor]) => (
              <tr key={label} className={label.startsWith('Order Total') ? 'invoice-items__total' : undefined}>
                <th scope="row" colSpan={4}>
                  {label}
                </th>
                <td className="invoice-items__money">{money(minor)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </section>
      {notes.length > 0 ? (
        <div className="invoice-footnotes">
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
    </>
  );
}
