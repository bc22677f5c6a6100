// @vitest-environment jsdom
import {
  POSTAGE_NOTE_INCLUDED,
  POSTAGE_NOTE_PENDING,
  PRODUCT_NOT_FOUND_TEXT,
  SPLIT_INCOMPLETE_MESSAGE,
  type SplitShipment,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { DeliveryStep } from './delivery-step';
import {
  BILLING,
  deliveryProps,
  fakeTagManager,
  makeEstimate,
  makeShipment,
  money,
  NEWTOWN,
  PARRAMATTA,
  SPLIT_PICKUP,
} from './delivery-test-fixtures';

let calls: RecordedCall[];

beforeEach(() => {
  fakeTagManager();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stub(shipments: SplitShipment[]) {
  calls = stubFetch({
    'GET /c3api/checkout/splitcheckoutview': () => envelope(shipments),
    'POST /c3api/checkout/shipping/estimate': () => envelope(makeEstimate()),
    'POST /c3api/checkout/shipping/setexpresscost': () => envelope(money(7200)),
  });
}

async function chooseSplit(props = deliveryProps()) {
  render(withQueryClient(<DeliveryStep {...props} />));
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: /for each store/ }));
  return { user, props };
}

const store = (name: string) => screen.getByRole('region', { name });
const setExpressBodies = () => calls.filter((c) => c.url.includes('setexpresscost')).map((c) => c.body);

describe('DeliveryStep: split postage', () => {
  it('loads the stores on first selection, naming their items and marking unknown ones', async () => {
    stub([makeShipment(PARRAMATTA, [1, 2, 99]), makeShipment(NEWTOWN, [3])]);
    await chooseSplit();
    const parramatta = await screen.findByRole('region', { name: 'Parramatta' });
    expect(calls.filter((c) => c.url === '/c3api/checkout/splitcheckoutview')).toHaveLength(1);
    const items = within(parramatta)
      .getAllByRole('listitem')
      .map((li) => li.firstChild?.textContent);
    expect(items).toEqual(['Fender guitar', 'Guitar amp', PRODUCT_NOT_FOUND_TEXT]);
    expect(
      within(parramatta)
        .getByRole('radio', { name: /Store pickup/ })
        .closest('label')?.textContent,
    ).toContain('12 Church St, Parramatta NSW 2150');
  });

  it('preselects the option of a store that has exactly one, and says when a store has none', async () => {
    stub([makeShipment(PARRAMATTA, [1, 2], [SPLIT_PICKUP]), makeShipment(NEWTOWN, [3], [], true)]);
    await chooseSplit();
    const parramatta = await screen.findByRole('region', { name: 'Parramatta' });
    expect((within(parramatta).getByRole('radio', { name: /Store pickup/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(store('Newtown')).getByText(UNAVAILABLE_ITEMS_MESSAGE)).toBeTruthy();
    expect(within(store('Newtown')).queryByRole('radio')).toBeNull();
  });

  it('asks for a method for every store before continuing', async () => {
    stub([makeShipment(PARRAMATTA, [1, 2]), makeShipment(NEWTOWN, [3])]);
    const { user, props } = await chooseSplit();
    await screen.findByRole('region', { name: 'Parramatta' });
    await user.click(within(store('Parramatta')).getByRole('radio', { name: /Store pickup/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(props.onError).toHaveBeenLastCalledWith(SPLIT_INCOMPLETE_MESSAGE);
    expect(props.onContinue).not.toHaveBeenCalled();
  });

  it('prices each store, follows the postage note, and continues with one shipment per store', async () => {
    stub([makeShipment(PARRAMATTA, [1, 2]), makeShipment(NEWTOWN, [3])]);
    const { user, props } = await chooseSplit();
    await screen.findByRole('region', { name: 'Parramatta' });
    await user.click(within(store('Parramatta')).getByRole('radio', { name: /Store pickup/ }));
    await user.click(within(store('Newtown')).getByRole('radio', { name: /Store pickup/ }));
    await waitFor(() => expect(props.onPostageNoteChange).toHaveBeenLastCalledWith(null));
    await waitFor(() =>
      expect(setExpressBodies().at(-1)).toEqual([
        { ShipmentId: 7, ShippingMethodId: 'StorePickup', IsExpress: false },
        { ShipmentId: 9, ShippingMethodId: 'StorePickup', IsExpress: false },
      ]),
    );

    await user.click(within(store('Newtown')).getByRole('radio', { name: /Australia Post/ }));
    expect(props.onPostageNoteChange).toHaveBeenLastCalledWith(POSTAGE_NOTE_PENDING);
    // A store without a complete choice is left out (the server refuses an entry with no method).
    await waitFor(() =>
      expect(setExpressBodies().at(-1)).toEqual([{ ShipmentId: 7, ShippingMethodId: 'StorePickup', IsExpress: false }]),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(props.onError).toHaveBeenLastCalledWith(SPLIT_INCOMPLETE_MESSAGE);

    await user.click(await within(store('Newtown')).findByRole('radio', { name: /Regular/ }));
    const estimate = calls.find((c) => c.url.includes('estimate'));
    expect(estimate?.body).toMatchObject({ SystemName: 'AustraliaPost', StoreId: 9, DeliveryAddress: BILLING });
    await waitFor(() => expect(props.onPostageNoteChange).toHaveBeenLastCalledWith(POSTAGE_NOTE_INCLUDED));
    await waitFor(() =>
      expect(setExpressBodies().at(-1)).toEqual([
        { ShipmentId: 7, ShippingMethodId: 'StorePickup', IsExpress: false },
        { ShipmentId: 9, ShippingMethodId: 'AustraliaPost', IsExpress: false, DeliveryAddress: BILLING },
      ]),
    );
    await waitFor(() => expect(props.onTotalChange).toHaveBeenLastCalledWith(money(7200)));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(props.onContinue).toHaveBeenCalledTimes(1));
    expect(props.onContinue).toHaveBeenCalledWith({
      DeliveryOption: 'SplitPostage',
      IsStorePickup: false,
      IsPaidPostage: true,
      IsExpress: false,
      DeliveryAddress: null,
      IsShippingAddressSameAsBillingAddress: false,
      SplitPostageShipments: [
        { ShipmentId: 7, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
        { ShipmentId: 9, ShippingMethodId: 'AustraliaPost', IsExpress: false, DeliveryAddress: BILLING },
      ],
    });
  });
});
