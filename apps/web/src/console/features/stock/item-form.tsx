import type { ConsoleCategory, Region } from '@shop/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { moneyText } from '../../lib/money-input';
import { ItemFormFields } from './item-form-fields';
import {
  ITEM_FIELDS,
  type ItemField,
  ItemFormSchema,
  type ItemFormValues,
  itemFieldErrors,
  toItemFields,
} from './item-form-values';
import { type ChosenPicture, PictureInput } from './picture-input';
import { PriceGuidePanel } from './price-guide-panel';

export interface ItemFormProps {
  /** The form's accessible name ('Add an item', 'Edit ...'). */
  label: string;
  region: Region;
  categories: ConsoleCategory[];
  initial: ItemFormValues;
  submitLabel: string;
  pictureHint: string;
  /** The price guide beside the price: the store asking and, when editing, the item (not its own comparable). */
  priceGuide?: { storeId: number; itemCode?: string };
  /** The item's pictures now, when editing. */
  currentPictures?: string[];
  /** Sends the item; throws the call's ApiError, whose field errors the form shows beside the fields. */
  onSubmit: (fields: ReturnType<typeof toItemFields>, pictures: string[]) => Promise<void>;
}

/**
 * The add and edit form of an item: checked as it is filled in (the same limits as the server),
 * then sent; the server's per-field errors go beside their fields and focus moves to the first.
 */
export function ItemForm(props: ItemFormProps) {
  const form = useContractForm({
    schema: ItemFormSchema,
    fields: ITEM_FIELDS,
    initial: props.initial,
    validateOnInput: 'touched',
  });
  const [pictures, setPictures] = useState<ChosenPicture[]>([]);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ItemField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const errorOf = (field: ItemField) => form.errors[field] ?? serverErrors[field];
  const setValue = (field: ItemField, value: string) => {
    setServerErrors((previous) => ({ ...previous, [field]: undefined }));
    form.setValue(field, value);
  };
  const focus = (field: ItemField | undefined) => {
    const control = field ? formRef.current?.elements.namedItem(field) : null;
    if (control instanceof RadioNodeList) (control[0] as HTMLElement | undefined)?.focus();
    else if (control instanceof HTMLElement) control.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setProblem(null);
    const { firstInvalid } = form.validateAll();
    if (firstInvalid) return focus(firstInvalid);
    setSending(true);
    try {
      await props.onSubmit(
        toItemFields(form.values),
        pictures.map((p) => p.base64),
      );
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
      const found = itemFieldErrors(error);
      setServerErrors(found?.fields ?? {});
      setProblem(found ? found.rest : message);
      const first = ITEM_FIELDS.find((f) => found?.fields[f]);
      if (first) focus(first);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      className={props.priceGuide ? 'stock-form stock-form--guided' : 'stock-form'}
      noValidate
      onSubmit={submit}
      aria-label={props.label}
    >
      <ItemFormFields
        region={props.region}
        categories={props.categories}
        values={form.values}
        errorOf={errorOf}
        setValue={setValue}
        blur={form.blur}
        priceGuide={
          props.priceGuide ? (
            <PriceGuidePanel
              storeId={props.priceGuide.storeId}
              itemCode={props.priceGuide.itemCode ?? ''}
              region={props.region}
              title={form.values.Title}
              categoryId={form.values.CategoryId}
              brand={form.values.Brand}
              condition={form.values.Condition}
              onUsePrice={(minor) => {
                setValue('Price', moneyText(minor));
                focus('Price');
              }}
            />
          ) : null
        }
      />
      <PictureInput
        pictures={pictures}
        onChange={(next) => {
          setPictures(next);
          setServerErrors((previous) => ({ ...previous, Pictures: undefined }));
        }}
        error={errorOf('Pictures')}
        hint={props.pictureHint}
        current={props.currentPictures ?? []}
        itemTitle={props.initial.Title}
      />
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {Object.values(serverErrors).some(Boolean) && !problem ? (
        <Notice kind="error">Nothing was saved: please correct the fields marked.</Notice>
      ) : null}
      <div className="stock-form__actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Saving...' : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
