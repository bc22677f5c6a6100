import type { ConsoleItem, Region } from '@shop/contract';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api-client';
import { moneyText, parseMoney } from '../../lib/money-input';
import { changeStockPrice, useStockChange } from './api/stock-changes';
import { currencyHint } from './item-form-values';

/** The item's price alone: shoppers with it in their cart see the rise or cut at their next cart check. */
export function PriceForm({
  item,
  storeId,
  region,
  onDone,
}: {
  item: ConsoleItem;
  storeId: number;
  region: Region;
  onDone: (message: string) => void;
}) {
  const [price, setPrice] = useState(moneyText(item.PriceMinor));
  const [error, setError] = useState<string | undefined>(undefined);
  const change = useStockChange(storeId, (minor: number) => changeStockPrice(storeId, item.Code, minor));
  const headingId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minor = parseMoney(price);
    if (minor === null || minor <= 0 || minor > 100_000_000) {
      setError('Price must be an amount above 0, such as 12.50');
      (event.currentTarget.elements.namedItem('PriceMinor') as HTMLInputElement | null)?.focus();
      return;
    }
    setError(undefined);
    try {
      const saved = await change.mutateAsync(minor);
      setPrice(moneyText(saved.PriceMinor));
      onDone(`The price is now ${saved.Price}.`);
    } catch {
      // Shown from change.error below (409: in a live order or off sale; nothing changed).
    }
  }

  return (
    <section className="stock-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Change the price</h2>
      <form className="stock-price" noValidate onSubmit={submit} aria-labelledby={headingId}>
        <TextField
          label="New price"
          name="PriceMinor"
          inputMode="decimal"
          hint={currencyHint(region)}
          value={price}
          error={error}
          onChange={(event) => setPrice(event.target.value)}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change the price'}
        </button>
      </form>
      {change.isError ? (
        <Notice kind="error">
          {change.error instanceof ApiError ? change.error.message : 'The price was not changed.'}
        </Notice>
      ) : null}
    </section>
  );
}
