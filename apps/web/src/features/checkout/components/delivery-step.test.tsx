// @vitest-environment jsdom
import {
  ADDRESS_AND_METHOD_MESSAGE,
  CHECKOUT_ERROR_KEYS,
  LOADING_POSTAGE_TEXT,
  POSTAGE_NOTE_INCLUDED,
  POSTAGE_NOTE_NONE_CHOSEN,
  POSTAGE_NOTE_PENDING,
  SELECT_METHOD_MESSAGE,
  STORE_PICKUP_ERROR_MESSAGE,
} from '@shop/contract';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import type { DeliveryStepProps } from '../checkout-types';
import { DeliveryStep } from './delivery-step';
import { BILLING, deliveryProps, fakeTagManager, makeEstimate, makeView, money } from './delivery-test-fixtures';

let calls: RecordedCall[];

beforeEach(() => {
  fakeTagManager();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.dataLayer = [];
});

function renderStep(props: DeliveryStepProps = deliveryProps()) {
  const view = render(withQueryClient(<DeliveryStep {...props} />));
  return { user: userEvent.setup(), props, view };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const callsTo = (path: string) => calls.filter((c) => c.url.startsWith(path));

describe('DeliveryStep: choosing nothing', () => {
  beforeEach(() => {
    calls = stubFetch({});
  });

  it('offers the options by name and asks to select one on Continue', async () => {
    const { user, props } = renderStep();
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'StorePickup',
      'AustraliaPost',
      'SplitPostage',
    ]);
    expect(props.onPostageNoteChange).toHaveBeenLastCalledWith(POSTAGE_NOTE_NONE_CHOSEN);
    await user.click(continueButton());
    expect(props.onError).toHaveBeenLastCalledWith(SELECT_METHOD_MESSAGE);
    expect(props.onContinue).not.toHaveBeenCalled();
    expect(props.validateCart).not.toHaveBeenCalled();
  });
});

describe('DeliveryStep: store pickup', () => {
  beforeEach(() => {
    calls = stubFetch({ 'POST /c3api/checkout/shipping/setexpresscost': () => envelope(money(6000)) });
  });

  it('lists each store once with its address, resets the total, clears the error and shows no postage note', async () => {
    const { user, props } = renderStep();
    await user.click(screen.getByRole('radio', { name: /Store pickup/ }));
    expect(props.onError).toHaveBeenCalledWith(null);
    const stores = screen.getAllByRole('listitem');
    expect(stores.map((s) => s.textContent)).toEqual([
      'Parramatta12 Church StParramatta NSW 2150',
      'Newtown300 King StNewtown NSW 2042',
    ]);
    await waitFor(() => expect(props.onTotalChange).toHaveBeenCalledWith(money(6000)));
    expect(callsTo('/c3api/checkout/shipping/setexpresscost')[0]?.body).toEqual([
      { IsExpress: false, ShippingMethodId: 'StorePickup' },
    ]);
    expect(props.onPostageNoteChange).toHaveBeenLastCalledWith(null);
  });

  it('continues after the cart check with the pickup choice, reporting add_shipping_info', async () => {
    const { user, props } = renderStep();
    await user.click(screen.getByRole('radio', { name: /Store pickup/ }));
    await user.click(continueButton());
    await waitFor(() => expect(props.onContinue).toHaveBeenCalledTimes(1));
    expect(props.validateCart).toHaveBeenCalledTimes(1);
    expect(props.onContinue).toHaveBeenCalledWith({
      DeliveryOption: 'StorePickup',
      IsStorePickup: true,
      IsPaidPostage: false,
      IsExpress: false,
      DeliveryAddress: null,
      IsShippingAddressSameAsBillingAddress: false,
      SplitPostageShipments: null,
    });
    const event = window.dataLayer?.find((e) => (e as { event?: string }).event === 'add_shipping_info') as {
      ecommerce: { currency: string; items: { quantity: number }[] };
    };
    expect(event.ecommerce.currency).toBe('AUD');
    expect(event.ecommerce.items).toHaveLength(3);
    expect(event.ecommerce.items.every((i) => i.quantity === 1)).toBe(true);
  });

  it('shows the store pickup error when pickup cannot be applied', async () => {
    calls = stubFetch({ 'POST /c3api/checkout/shipping/setexpresscost': () => envelope(null, 500, 'boom') });
    const { user, props } = renderStep();
    await user.click(screen.getByRole('radio', { name: /Store pickup/ }));
    await waitFor(() => expect(props.onError).toHaveBeenLastCalledWith(STORE_PICKUP_ERROR_MESSAGE));
  });

  it('stops when the cart check sends the shopper back', async () => {
    const { user, props } = renderStep(deliveryProps({ validateCart: vi.fn(async () => false) }));
    await user.click(screen.getByRole('radio', { name: /Store pickup/ }));
    await user.click(continueButton());
    await waitFor(() => expect(props.validateCart).toHaveBeenCalled());
    expect(props.onContinue).not.toHaveBeenCalled();
  });
});

describe('DeliveryStep: Australia Post', () => {
  let estimate = makeEstimate();
  let release: () => void = () => undefined;
  beforeEach(() => {
    estimate = makeEstimate();
    calls = stubFetch({
      'POST /c3api/checkout/shipping/estimate': () =>
        new Promise((resolve) => {
          release = () => resolve(envelope(estimate));
        }),
      'POST /c3api/checkout/shipping/setexpresscost': (call) =>
        envelope(money((call.body as { IsExpress: boolean }[])[0]?.IsExpress ? 8000 : 7200)),
    });
  });

  async function choosePostage(props = deliveryProps()) {
    const rendered = renderStep(props);
    await rendered.user.click(screen.getByRole('radio', { name: /Australia Post/ }));
    return rendered;
  }

  it('shows the loading text until costs arrive, estimating for the billing address', async () => {
    const { props } = await choosePostage();
    expect(screen.getByText(LOADING_POSTAGE_TEXT)).toBeTruthy();
    expect(props.onPostageNoteChange).toHaveBeenLastCalledWith(POSTAGE_NOTE_PENDING);
    await waitFor(() => expect(callsTo('/c3api/checkout/shipping/estimate')).toHaveLength(1));
    expect(callsTo('/c3api/checkout/shipping/estimate')[0]?.body).toMatchObject({
      SystemName: 'AustraliaPost',
      DeliveryAddress: BILLING,
    });
    release();
    expect(await screen.findByRole('radio', { name: /Regular/ })).toBeTruthy();
    expect(screen.queryByText(LOADING_POSTAGE_TEXT)).toBeNull();
    const regular = screen.getByRole('radio', { name: /Regular/ }).closest('label');
    expect(regular?.textContent).toContain('$12.00');
    expect(regular?.textContent).toContain('3-5 business days');
    expect(screen.getByRole('radio', { name: /Express/ }).closest('label')?.textContent).toContain('$20.00');
  });

  it('asks for an address and a method until a cost type is chosen', async () => {
    const { user, props } = await choosePostage();
    release();
    await screen.findByRole('radio', { name: /Regular/ });
    await user.click(continueButton());
    expect(props.onError).toHaveBeenLastCalledWith(ADDRESS_AND_METHOD_MESSAGE);
    expect(props.onContinue).not.toHaveBeenCalled();
  });

  it('prices the chosen cost type, notes postage as included and continues with it', async () => {
    const { user, props } = await choosePostage();
    release();
    await user.click(await screen.findByRole('radio', { name: /Express/ }));
    await waitFor(() => expect(props.onTotalChange).toHaveBeenLastCalledWith(money(8000)));
    expect(callsTo('/c3api/checkout/shipping/setexpresscost').at(-1)?.body).toEqual([
      { IsExpress: true, ShippingMethodId: 'AustraliaPost', DeliveryAddress: BILLING },
    ]);
    expect(props.onPostageNoteChange).toHaveBeenLastCalledWith(POSTAGE_NOTE_INCLUDED);
    await user.click(continueButton());
    await waitFor(() =>
      expect(props.onContinue).toHaveBeenCalledWith({
        DeliveryOption: 'AustraliaPost',
        IsStorePickup: false,
        IsPaidPostage: true,
        IsExpress: true,
        DeliveryAddress: BILLING,
        IsShippingAddressSameAsBillingAddress: true,
        SplitPostageShipments: null,
      }),
    );
  });

  it('prices the postage again when a discount code is added or removed, so the total keeps it', async () => {
    const props = deliveryProps();
    const { user, view } = await choosePostage(props);
    release();
    await user.click(await screen.findByRole('radio', { name: /Regular/ }));
    await waitFor(() => expect(props.onTotalChange).toHaveBeenLastCalledWith(money(7200)));
    const priced = callsTo('/c3api/checkout/shipping/setexpresscost').length;
    // The summary applied SAVE10: its reply's total ($54.00) had no postage; the view now has the code.
    const discounted = makeView({});
    discounted.Cart = { ...discounted.Cart, DiscountCodeApplied: true, DiscountCodes: ['SAVE10'] };
    view.rerender(withQueryClient(<DeliveryStep {...props} view={discounted} />));
    await waitFor(() => expect(callsTo('/c3api/checkout/shipping/setexpresscost')).toHaveLength(priced + 1));
    expect(callsTo('/c3api/checkout/shipping/setexpresscost').at(-1)?.body).toEqual([
      { IsExpress: false, ShippingMethodId: 'AustraliaPost', DeliveryAddress: BILLING },
    ]);
    await waitFor(() => expect(props.onTotalChange).toHaveBeenCalledTimes(2));
  });

  it('offers Express only when the reply enables it', async () => {
    estimate = makeEstimate({ IsExpressPostageEnabled: false });
    await choosePostage();
    release();
    await screen.findByRole('radio', { name: /Regular/ });
    expect(screen.queryByRole('radio', { name: /Express/ })).toBeNull();
  });

  it('says when signature on delivery and insurance are included', async () => {
    estimate = makeEstimate({ HasSignatureOnDelivery: true, HasInsurance: true, SodAndInsuranceCost: money(550) });
    await choosePostage();
    release();
    expect(await screen.findByText(/Includes signature on delivery and insurance \(\$5\.50\)/)).toBeTruthy();
  });

  it('shows the missing-table-rate message and disables Continue', async () => {
    estimate = makeEstimate({ Regular: null, Express: null, MissingTableRateMessage: 'Cannot post these items.' });
    await choosePostage();
    release();
    expect(await screen.findByText('Cannot post these items.')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Regular/ })).toBeNull();
    expect((continueButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('mirrors later billing edits while same as billing, estimating again for a new postcode', async () => {
    const props = deliveryProps();
    const { user, view } = await choosePostage(props);
    release();
    await user.click(await screen.findByRole('radio', { name: /Regular/ }));
    const moved = { ...BILLING, Line1: '5 Market St', Suburb: 'Melbourne', State: 'VIC', PostCode: '3000' };
    view.rerender(withQueryClient(<DeliveryStep {...props} billingAddress={moved} />));
    expect(screen.getByText('5 Market St')).toBeTruthy();
    await waitFor(() => expect(callsTo('/c3api/checkout/shipping/estimate')).toHaveLength(2));
    expect(callsTo('/c3api/checkout/shipping/estimate')[1]?.body).toMatchObject({ DeliveryAddress: moved });
    release();
    await waitFor(() =>
      expect(callsTo('/c3api/checkout/shipping/setexpresscost').at(-1)?.body).toEqual([
        { IsExpress: false, ShippingMethodId: 'AustraliaPost', DeliveryAddress: moved },
      ]),
    );
  });

  it('clears Express when the new postcode does not offer it, pricing nothing for that postcode', async () => {
    const props = deliveryProps();
    const { user, view } = await choosePostage(props);
    release();
    await user.click(await screen.findByRole('radio', { name: /Express/ }));
    await waitFor(() => expect(props.onTotalChange).toHaveBeenCalledWith(money(8000)));
    estimate = makeEstimate({ IsExpressPostageEnabled: false, Express: null });
    const remote = { ...BILLING, Suburb: 'Alice Springs', State: 'NT', PostCode: '0870' };
    view.rerender(withQueryClient(<DeliveryStep {...props} billingAddress={remote} />));
    await waitFor(() => expect(callsTo('/c3api/checkout/shipping/estimate')).toHaveLength(2));
    expect(callsTo('/c3api/checkout/shipping/estimate')[1]?.body).toMatchObject({ DeliveryType: { IsExpress: true } });
    release();
    await screen.findByRole('radio', { name: /Regular/ });
    expect(screen.queryByRole('radio', { name: /Express/ })).toBeNull();
    await waitFor(() => expect(props.onPostageNoteChange).toHaveBeenLastCalledWith(POSTAGE_NOTE_PENDING));
    expect(callsTo('/c3api/checkout/shipping/setexpresscost').map((c) => c.body)).toEqual([
      [{ IsExpress: true, ShippingMethodId: 'AustraliaPost', DeliveryAddress: BILLING }],
    ]);
    await user.click(continueButton());
    expect(props.onError).toHaveBeenLastCalledWith(ADDRESS_AND_METHOD_MESSAGE);
  });

  it('takes an address of its own when same as billing is unticked', async () => {
    const { user, props } = await choosePostage();
    release();
    await screen.findByRole('radio', { name: /Regular/ });
    await user.click(screen.getByRole('checkbox', { name: 'Same as billing address' }));
    await user.click(continueButton());
    expect(props.onError).toHaveBeenLastCalledWith(ADDRESS_AND_METHOD_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    await user.type(screen.getByLabelText('Address line 1'), '9 Beach Rd');
    await user.type(screen.getByLabelText('Suburb'), 'Bondi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'NSW');
    await user.type(screen.getByLabelText('Postcode'), '2026');
    await waitFor(() => expect(callsTo('/c3api/checkout/shipping/estimate')).toHaveLength(2));
    expect(callsTo('/c3api/checkout/shipping/estimate')[1]?.body).toMatchObject({
      DeliveryAddress: { Line1: '9 Beach Rd', Suburb: 'Bondi', State: 'NSW', PostCode: '2026' },
    });
  });

  it('shows the loading-problem message when costs cannot be loaded', async () => {
    calls = stubFetch({ 'POST /c3api/checkout/shipping/estimate': () => envelope(null, 500, 'boom') });
    const { props } = await choosePostage();
    await waitFor(() => expect(props.onError).toHaveBeenLastCalledWith(CHECKOUT_ERROR_KEYS.AusPostLoadingProblem));
  });

  it('shows the set-method-problem message when the cost type cannot be applied', async () => {
    calls = stubFetch({
      'POST /c3api/checkout/shipping/estimate': () => envelope(makeEstimate()),
      'POST /c3api/checkout/shipping/setexpresscost': () => envelope(null, 500, 'boom'),
    });
    const { user, props } = await choosePostage();
    await user.click(await screen.findByRole('radio', { name: /Regular/ }));
    await waitFor(() => expect(props.onError).toHaveBeenLastCalledWith(CHECKOUT_ERROR_KEYS.AusPostSetMethodProblem));
    expect(props.onTotalChange).not.toHaveBeenCalled();
  });

  it('is Generic postage in the UK, with GBP analytics', async () => {
    calls = stubFetch({
      'POST /c3api/checkout/shipping/estimate': () => envelope(makeEstimate()),
      'POST /c3api/checkout/shipping/setexpresscost': () => envelope(money(7200, 'UK')),
    });
    const base = deliveryProps();
    const ukBilling = { ...BILLING, State: 'Greater London', PostCode: 'M1 1AE', CountryCode: 'GBR' };
    const props = deliveryProps({
      region: 'UK',
      billingAddress: ukBilling,
      view: {
        ...base.view,
        ShippingInformation: {
          ...base.view.ShippingInformation,
          Options: [
            { Id: 2, Name: 'Postage', SystemName: 'Generic', Selected: false, DeliveryType: { IsExpress: false } },
          ],
        },
      },
    });
    const { user } = renderStep(props);
    await user.click(screen.getByRole('radio', { name: /Postage/ }));
    await user.click(await screen.findByRole('radio', { name: /Regular/ }));
    await user.click(continueButton());
    await waitFor(() => expect(props.onContinue).toHaveBeenCalled());
    expect(within(document.body).queryByText(LOADING_POSTAGE_TEXT)).toBeNull();
    expect(callsTo('/c3api/checkout/shipping/estimate')[0]?.body).toMatchObject({ SystemName: 'Generic' });
    const event = window.dataLayer?.find((e) => (e as { event?: string }).event === 'add_shipping_info') as {
      ecommerce: { currency: string };
    };
    expect(event.ecommerce.currency).toBe('GBP');
  });
});
