// @vitest-environment jsdom
import type { AddressValue } from '@shop/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { OWN_SCROLL_FIELD, placesOwnScroll } from '../../lib/own-scroll';
import { type DeliveryChoice, STORE_PICKUP_CHOICE } from './checkout-types';
import { type CompletedDetails, type CustomerValues, EMPTY_CUSTOMER } from './customer-details';
import {
  detailsOnLeavingStepOne,
  entryState,
  entryStepOf,
  loadStepMemory,
  parseStepMemory,
  reachableStep,
  restoredStep,
  STEP_MEMORY_KEY,
  type StepMemory,
  saveStepMemory,
  serialiseStepMemory,
} from './step-memory';

const BILLING: AddressValue = {
  BusinessName: '',
  Line1: '10 Macquarie Street',
  Line2: '',
  Suburb: 'Sydney',
  State: 'NSW',
  PostCode: '2000',
  CountryCode: 'AUS',
  CountryName: 'Australia',
};
const DETAILS: CompletedDetails = {
  details: {
    EmailAddress: 'ada@example.com',
    FirstName: 'Ada',
    LastName: 'Lovelace',
    PhoneNumber: '0412 345 678',
    Consent: true,
  },
  billingAddress: BILLING,
};
const POSTED: DeliveryChoice = {
  DeliveryOption: 'AustraliaPost',
  IsStorePickup: false,
  IsPaidPostage: true,
  IsExpress: true,
  DeliveryAddress: BILLING,
  IsShippingAddressSameAsBillingAddress: true,
  SplitPostageShipments: null,
};
const MEMORY: StepMemory = { cart: 'v1', step: 3, details: DETAILS, delivery: POSTED, payment: 'PayPal' };

const FORM: CustomerValues = {
  ...EMPTY_CUSTOMER,
  EmailAddress: 'ada@example.com',
  FirstName: 'Ada',
  LastName: 'Lovelace',
  PhoneNumber: '0412 345 678',
  BillingAddress: {
    BusinessName: '',
    Line1: '10 Macquarie Street',
    Line2: '',
    Suburb: 'Sydney',
    State: 'NSW',
    PostCode: '2000',
  },
  TermsAndConditions: true,
};

afterEach(() => window.sessionStorage.clear());

describe('the remembered step and choices', () => {
  it('round-trips the step, details, delivery and payment option, for the same cart only', () => {
    const raw = serialiseStepMemory(MEMORY);
    const back = parseStepMemory(raw, 'AU', 'v1');
    expect(back?.step).toBe(3);
    expect(back?.delivery).toEqual(POSTED);
    expect(back?.payment).toBe('PayPal');
    expect(back?.details?.details.EmailAddress).toBe('ada@example.com');
    expect(back?.details?.billingAddress.PostCode).toBe('2000');
    // A changed cart (another Cart.Version) starts afresh.
    expect(parseStepMemory(raw, 'AU', 'v2')).toBeNull();
  });

  it('never keeps Consent or the terms (checkout.md section 3), nor anything of a card', () => {
    const raw = serialiseStepMemory(MEMORY);
    expect(raw).not.toMatch(/Consent|Terms/);
    expect(parseStepMemory(raw, 'AU', 'v1')?.details?.details.Consent).toBe(false);
  });

  it('ignores a record that is unreadable, altered or fails the region rules', () => {
    expect(parseStepMemory(null, 'AU', 'v1')).toBeNull();
    expect(parseStepMemory('{not json', 'AU', 'v1')).toBeNull();
    expect(parseStepMemory(JSON.stringify({ ...MEMORY, step: 4 }), 'AU', 'v1')).toBeNull();
    expect(parseStepMemory(JSON.stringify({ ...MEMORY, payment: 'Bitcoin' }), 'AU', 'v1')).toBeNull();
    // A UK postcode does not pass the AU rules.
    const ukAddress = { ...BILLING, PostCode: 'M1 1AE' };
    const altered = { ...MEMORY, details: { ...DETAILS, billingAddress: ukAddress } };
    expect(parseStepMemory(serialiseStepMemory(altered), 'AU', 'v1')).toBeNull();
  });

  it("is kept in this tab's session storage, and a record for another cart is removed on reading", () => {
    saveStepMemory(MEMORY);
    expect(window.sessionStorage.getItem(STEP_MEMORY_KEY)).not.toBeNull();
    expect(loadStepMemory('AU', 'v1')?.payment).toBe('PayPal');
    expect(window.localStorage.getItem(STEP_MEMORY_KEY)).toBeNull();
    expect(loadStepMemory('AU', 'v2')).toBeNull();
    expect(window.sessionStorage.getItem(STEP_MEMORY_KEY)).toBeNull();
  });
});

describe('which step opens', () => {
  it('goes only as far as the choices allow', () => {
    expect(reachableStep(3, { details: true, delivery: true })).toBe(3);
    expect(reachableStep(3, { details: true, delivery: false })).toBe(2);
    expect(reachableStep(3, { details: false, delivery: true })).toBe(1);
    expect(reachableStep(2, { details: true, delivery: false })).toBe(2);
    expect(reachableStep(1, { details: true, delivery: true })).toBe(1);
  });

  it("takes the history entry's step (reload, Back, Forward), else the remembered one (a provider's return)", () => {
    expect(restoredStep(null, null)).toBe(1);
    expect(restoredStep(3, null)).toBe(1);
    expect(restoredStep(null, MEMORY)).toBe(3);
    expect(restoredStep(2, MEMORY)).toBe(2);
    expect(restoredStep(null, { ...MEMORY, delivery: null })).toBe(2);
    expect(restoredStep(3, { ...MEMORY, details: null })).toBe(1);
  });

  it("marks each entry with its step, and as placing its own scroll (the app's scroll memory leaves it)", () => {
    const state = entryState(2);
    expect(entryStepOf(state)).toBe(2);
    expect(placesOwnScroll(state)).toBe(true);
    expect(state[OWN_SCROLL_FIELD]).toBe(true);
    expect(entryStepOf(null)).toBeNull();
    expect(entryStepOf({ checkoutStep: 5 })).toBeNull();
    expect(placesOwnScroll({ scrollY: 10 })).toBe(false);
  });
});

describe('Forward from step 1 without Continue', () => {
  it("takes the form's details when they are valid", () => {
    const details = detailsOnLeavingStepOne('AU', { ...FORM, FirstName: 'Grace' }, DETAILS);
    expect(details?.details.FirstName).toBe('Grace');
  });

  it('keeps the details handed on before when only the terms box is unticked (asked again on step 3)', () => {
    expect(detailsOnLeavingStepOne('AU', { ...FORM, TermsAndConditions: false }, DETAILS)).toBe(DETAILS);
  });

  it('stays on step 1 when the form was changed and is not complete', () => {
    expect(
      detailsOnLeavingStepOne('AU', { ...FORM, FirstName: 'Grace', TermsAndConditions: false }, DETAILS),
    ).toBeNull();
    expect(detailsOnLeavingStepOne('AU', { ...FORM, EmailAddress: 'not-an-email' }, DETAILS)).toBeNull();
    expect(detailsOnLeavingStepOne('AU', { ...FORM, TermsAndConditions: false }, null)).toBeNull();
  });
});

describe('a store pickup choice', () => {
  it('round-trips as it is', () => {
    const raw = serialiseStepMemory({ ...MEMORY, delivery: STORE_PICKUP_CHOICE, payment: 'Generic' });
    expect(parseStepMemory(raw, 'AU', 'v1')?.delivery).toEqual(STORE_PICKUP_CHOICE);
  });
});
