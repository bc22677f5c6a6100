import type { Envelope, ProductListItem, Region, SearchResultsValue } from '@shop/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface AddressInput {
  Line1: string;
  Suburb: string;
  State: string;
  PostCode: string;
}

export interface Shopper {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** A demo street the address lookup knows, per region, and the suggestion to choose. */
export const DEMO_STREET: Record<Region, { typed: string; suggestion: string; lines: string[] }> = {
  AU: {
    typed: 'Albert Street Parramatta',
    suggestion: '3 Albert Street, Parramatta NSW 2150',
    lines: ['3 Albert Street', 'Parramatta NSW 2150'],
  },
  UK: {
    typed: 'High Street Birkenhead',
    suggestion: '54 High Street, Birkenhead, Merseyside CH41 2GG',
    lines: ['54 High Street', 'Birkenhead'],
  },
};

/** An address typed in by hand, valid under the region's rules (metro: postage offers Express). */
export const MANUAL_ADDRESS: Record<Region, AddressInput> = {
  AU: { Line1: '10 Macquarie Street', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' },
  UK: { Line1: '1 Deansgate', Suburb: 'Manchester', State: 'Greater Manchester', PostCode: 'M1 1AE' },
};

export const VALID_PHONE: Record<Region, string> = { AU: '0412 345 678', UK: '07911 123456' };

let shoppers = 0;
export function newShopper(region: Region, firstName = 'Ada'): Shopper {
  return {
    email: `checkout${++shoppers}.${Date.now()}@example.com`,
    firstName,
    lastName: 'Lovelace',
    phone: VALID_PHONE[region],
  };
}

/** Search results, one per title, only items that can still be bought. */
export async function searchItems(baseUrl: string, query: string): Promise<ProductListItem[]> {
  const response = await fetch(`${baseUrl}/c3api/search/results?${query}`);
  const body = (await response.json()) as { Value: SearchResultsValue };
  const seen = new Set<string>();
  return body.Value.ProductList.ProductListItems.filter((item) => {
    const fresh = !seen.has(item.Title);
    seen.add(item.Title);
    return fresh && item.IsAvailable && !item.ItemUnavailableAsStoreDisabledPickup;
  });
}

const pickable = (item: ProductListItem) => !item.DisableInStorePickup && !item.ItemUnavailableAsStoreDisabledPickup;

/** Two items from two different stores that can both be collected (and, with `postable`, posted). */
export async function twoStoreItems(
  baseUrl: string,
  query: string,
  options: { postable?: boolean } = {},
): Promise<[ProductListItem, ProductListItem]> {
  const delivery = options.postable ? '&delivery=postage' : '';
  const items = (await searchItems(baseUrl, `${query}&NumberOfResults=48${delivery}`)).filter(
    (item) => pickable(item) && (!options.postable || item.ShippingCost !== null),
  );
  const first = items[0];
  const second = items.find((item) => item.StoreNameWithState !== first?.StoreNameWithState);
  if (!first || !second) throw new Error(`no two items from two stores for ${query}`);
  return [first, second];
}

/** Money as shown ("$1,234.50", "-£6.80") in integer minor units. */
export function cents(text: string | null): number {
  const match = /(-?)[^\d-]*([\d,]+)(?:\.(\d{1,2}))?/.exec(text ?? '');
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  const whole = Number((match[2] ?? '0').replace(/,/g, ''));
  const fraction = Number((match[3] ?? '0').padEnd(2, '0'));
  return (match[1] === '-' ? -1 : 1) * (whole * 100 + fraction);
}

/**
 * Plain HTTP calls with their own cookies (a second shopper, or finding items): the visitor and
 * XSRF-TOKEN cookies from GET /c3api/site, the token echoed in X-XSRF-TOKEN on every write.
 */
export class ApiShopper {
  private cookies = new Map<string, string>();

  private constructor(private readonly baseUrl: string) {}

  static async start(baseUrl: string): Promise<ApiShopper> {
    const shopper = new ApiShopper(baseUrl);
    await shopper.call('GET', '/c3api/site');
    return shopper;
  }

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Envelope<T> }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** Buys one item for store pickup, paying in store (the Generic option): what another shopper does. */
  async buyForPickup(region: Region, productId: number, shopper: Shopper): Promise<void> {
    const added = await this.call('POST', `/c3api/cart/add?productId=${productId}`);
    if (added.status !== 200) throw new Error(`could not add ${productId}: ${JSON.stringify(added.body)}`);
    const placed = await this.call<{ ConfirmationUrl?: string }>(
      'POST',
      '/c3api/checkout/purchase/process',
      payInStorePickupBody(region, shopper),
      { 'idempotency-key': `e2e-${productId}-${Date.now()}` },
    );
    if (placed.status !== 200 || !placed.body.Value?.ConfirmationUrl) {
      throw new Error(`the second shopper could not buy ${productId}: ${placed.status} ${JSON.stringify(placed.body)}`);
    }
  }
}

/** The process call's body for a store-pickup order paid in store (Generic), with the shopper's typed address. */
export function payInStorePickupBody(region: Region, shopper: Shopper) {
  return {
    PaymentOption: 'Generic',
    DeliveryOption: 'StorePickup',
    CustomerDetails: {
      EmailAddress: shopper.email,
      FirstName: shopper.firstName,
      LastName: shopper.lastName,
      PhoneNumber: shopper.phone,
      Consent: false,
    },
    BillingAddress: { BusinessName: '', Line2: '', ...MANUAL_ADDRESS[region] },
    DeliveryAddress: null,
    IsShippingAddressSameAsBillingAddress: false,
    IsStorePickup: true,
    IsPaidPostage: false,
    SplitPostageShipments: null,
  };
}

/**
 * An item worth at least `minMinor` that can be posted to `address` with Express offered: the
 * postage estimate of a throwaway cart says so. The search's ShippingCost says postable; the store's
 * settings decide Express.
 */
export async function expressItem(
  baseUrl: string,
  region: Region,
  query: string,
  address: AddressInput,
  minMinor: number,
): Promise<ProductListItem> {
  const candidates = (await searchItems(baseUrl, `${query}&delivery=postage&NumberOfResults=48`)).filter(
    (item) => item.SpMinorUnits >= minMinor && item.SpMinorUnits < 40_000 && item.ShippingCost !== null,
  );
  const probe = await ApiShopper.start(baseUrl);
  for (const item of candidates.slice(0, 12)) {
    await probe.call('POST', `/c3api/cart/add?productId=${item.Id}`);
    const estimate = await probe.call<{ Express: unknown; IsExpressPostageEnabled: boolean }>(
      'POST',
      '/c3api/checkout/shipping/estimate',
      {
        SystemName: region === 'AU' ? 'AustraliaPost' : 'Generic',
        DeliveryAddress: { BusinessName: '', Line2: '', ...address },
      },
    );
    await probe.call('POST', `/c3api/cart/remove?productId=${item.Id}`);
    if (estimate.status === 200 && estimate.body.Value.IsExpressPostageEnabled && estimate.body.Value.Express) {
      return item;
    }
  }
  throw new Error(`no ${query} of at least ${minMinor} with Express postage`);
}

/** Adds an item to the page's own cart by the API, with the page's cookies (quicker than its product page). */
export async function addToCartByApi(page: Page, baseUrl: string, productId: number): Promise<void> {
  await page.request.get(`${baseUrl}/c3api/site`);
  const token = (await page.context().cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${baseUrl}/c3api/cart/add?productId=${productId}`, {
    headers: { 'X-XSRF-TOKEN': token },
  });
  expect(response.status()).toBe(200);
}

/** Adds an item from its product page, as a shopper does, and closes the added-to-cart modal. */
export async function addFromProductPage(page: Page, baseUrl: string, item: ProductListItem): Promise<void> {
  await page.goto(`${baseUrl}${item.Url}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(item.Title);
  await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  const added = page.getByRole('dialog', { name: 'Added to your cart' });
  await added.waitFor();
  await added.getByRole('button', { name: 'Continue shopping' }).click();
  await added.waitFor({ state: 'hidden' });
}

export function cartButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Cart, \d+ items?$/ });
}

/** The message shown for a field (its aria-describedby's error), or null. */
export async function errorOf(field: Locator): Promise<string | null> {
  return field.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    for (const id of ids) {
      const note = document.getElementById(id);
      if (note?.classList.contains('field__error')) return note.textContent;
    }
    return null;
  });
}

/** The `name` of the focused element. */
export function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.id ?? null);
}

export function detailsForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Your details' });
}

/** Step 1's fields by their labels. */
export function detailFields(page: Page) {
  const form = detailsForm(page);
  return {
    email: form.getByLabel('Email Address'),
    firstName: form.getByLabel('First Name'),
    lastName: form.getByLabel('Last Name'),
    phone: form.getByLabel('Phone Number'),
    addressSearch: form.getByRole('combobox', { name: 'Billing Address' }),
    terms: form.getByRole('checkbox', { name: /Terms and Conditions/ }),
    consent: form.getByRole('checkbox', { name: /Keep me up to date/ }),
    continue: form.getByRole('button', { name: 'Continue' }),
  };
}

/** Opens /checkout/ and waits for step 1. */
export async function openCheckout(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/checkout/`);
  await detailsForm(page).waitFor();
}

/** Types part of a demo street into the lookup and chooses the suggestion: the address shows as text. */
export async function lookUpAddress(page: Page, region: Region): Promise<void> {
  const street = DEMO_STREET[region];
  const search = detailFields(page).addressSearch;
  await search.click();
  await search.pressSequentially(street.typed, { delay: 10 });
  const option = page.getByRole('option', { name: street.suggestion, exact: true });
  await option.click();
  const chosen = detailsForm(page).locator('.address-lookup__text');
  await chosen.waitFor();
  for (const line of street.lines) expect(await chosen.textContent()).toContain(line);
}

/** Fills the open manual edit with `address` (State is a select in AU, County text in the UK). */
export async function fillManualAddress(scope: Locator, region: Region, address: AddressInput): Promise<void> {
  await scope.getByLabel('Address line 1').fill(address.Line1);
  await scope.getByLabel(region === 'AU' ? 'Suburb' : 'Town or city').fill(address.Suburb);
  if (region === 'AU') await scope.getByLabel('State').selectOption(address.State);
  else await scope.getByLabel('County').fill(address.State);
  await scope.getByLabel('Postcode').fill(address.PostCode);
}

/** Step 1 filled in full and valid: lookup or manual address, terms ticked. */
export async function fillDetails(
  page: Page,
  region: Region,
  shopper: Shopper,
  address: 'lookup' | 'manual',
): Promise<void> {
  const fields = detailFields(page);
  await fields.email.fill(shopper.email);
  await fields.firstName.fill(shopper.firstName);
  await fields.lastName.fill(shopper.lastName);
  await fields.phone.fill(shopper.phone);
  if (address === 'lookup') await lookUpAddress(page, region);
  else {
    const form = detailsForm(page);
    await form.getByRole('button', { name: 'Enter address manually' }).click();
    await fillManualAddress(form, region, MANUAL_ADDRESS[region]);
    await form.getByRole('button', { name: 'Use this address' }).click();
    await form.locator('.address-lookup__text').waitFor();
  }
  await fields.terms.check();
}

/** Waits until step `step` is the current one (its header's hidden text ends with its status). */
export async function waitForStep(page: Page, step: number, title: string): Promise<void> {
  await page
    .getByRole('heading', { level: 2, name: new RegExp(`^Step ${step}: ${title}\\s*, current step$`) })
    .waitFor();
}

export function summary(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Order summary' });
}

export async function summaryTotal(page: Page): Promise<number> {
  return cents(await summary(page).locator('.checkout-summary__total strong').textContent());
}

/** The browser has no sideways scroll. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth, `sideways scroll on ${where}`).toBeLessThanOrEqual(clientWidth);
}

interface OutboxMessage {
  To: string;
  Subject: string;
  TextBody: string;
}

/** The DEV_MAILBOX outbox's latest messages. */
export async function outbox(baseUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/c3api/dev/outbox`);
  const body = (await response.json()) as { Value: { Messages: OutboxMessage[] } };
  return body.Value.Messages;
}

/** The signed confirmation link in the shopper's order e-mail. */
export async function orderLinkFromMail(baseUrl: string, email: string, reference: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox(baseUrl)).find((m) => m.To === email && m.TextBody.includes(reference));
        link = /https?:\/\/\S+\/checkout\/confirmation\/\S+/.exec(mail?.TextBody ?? '')?.[0];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link ?? '';
}

/** Opens `url` in a fresh context: no cookies, no storage. */
export async function openInNewContext(
  context: BrowserContext,
  url: string,
  viewport: { width: number; height: number },
): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const fresh = await browser.newContext({ viewport });
  const page = await fresh.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  return { page, problems, close: () => fresh.close() };
}

export const CONTINUE_PROMPT = 'To continue, please complete the above highlighted fields.';
const REQUIRED = 'This field is required';

/**
 * Journey 4 for a region: every step-1 message of checkout.md section 5, Continue's prompt and
 * focus, the Billing Address modal, and the details (never Terms or Consent) kept by the browser
 * 1000 ms after the last change and restored on reload. Needs a cart with an item.
 */
export async function checkStepOneMessages(
  page: Page,
  baseUrl: string,
  region: Region,
  shot: (name: string) => Promise<void>,
): Promise<void> {
  await openCheckout(page, baseUrl);
  const form = detailsForm(page);
  const fields = detailFields(page);
  expect(await fields.phone.getAttribute('placeholder')).toBe(region === 'AU' ? '04XX XXX XXX' : '07XXX XXX XXX');
  expect(await fields.consent.count()).toBe(region === 'UK' ? 1 : 0);
  expect(await fields.continue.getAttribute('aria-disabled')).toBe('true');

  // Continue on the empty form: every field says so, the prompt shows, the first field has focus.
  // It looks disabled (aria-disabled) but stays pressable: force skips Playwright's enabled check.
  await fields.continue.click({ force: true });
  await form.getByText(CONTINUE_PROMPT).waitFor();
  await expect.poll(() => focusedName(page)).toBe('EmailAddress');
  for (const field of [
    fields.email,
    fields.firstName,
    fields.lastName,
    fields.phone,
    fields.addressSearch,
    fields.terms,
  ]) {
    expect(await errorOf(field)).toBe(REQUIRED);
  }
  await shot('empty');

  await fields.email.fill('not-an-email');
  await expect.poll(() => errorOf(fields.email)).toBe('Please enter a valid email address');
  await fields.email.fill('ada@example.com');
  await expect.poll(() => errorOf(fields.email)).toBeNull();
  // The next press focuses the next field to fix.
  await fields.continue.click({ force: true });
  await expect.poll(() => focusedName(page)).toBe('FirstName');

  for (const name of [fields.firstName, fields.lastName]) {
    await name.fill('Ada 2');
    await expect.poll(() => errorOf(name)).toBe('Please remove any digits');
    await name.fill('b'.repeat(300));
    await expect.poll(() => errorOf(name)).toBe('Please ensure you enter less than 256 characters');
    await name.fill('');
    await expect.poll(() => errorOf(name)).toBe(REQUIRED);
  }
  await fields.firstName.fill('Ada');
  await fields.lastName.fill('Lovelace');
  await expect.poll(() => errorOf(fields.lastName)).toBeNull();

  await fields.phone.fill('1234');
  await fields.phone.blur();
  await expect
    .poll(() => errorOf(fields.phone))
    .toBe(
      region === 'AU'
        ? 'Please enter a valid Australian phone number'
        : 'Please enter a valid phone number (9-12 digits)',
    );
  await fields.phone.fill(VALID_PHONE[region]);
  await expect.poll(() => errorOf(fields.phone)).toBeNull();
  await fields.continue.click({ force: true });
  await expect.poll(() => fields.addressSearch.evaluate((element) => element === document.activeElement)).toBe(true);

  // The address typed by hand: after the press every part shows its message at once.
  await form.getByRole('button', { name: 'Enter address manually' }).click();
  const line1 = form.getByLabel('Address line 1');
  const suburb = form.getByLabel(region === 'AU' ? 'Suburb' : 'Town or city');
  const state = form.getByLabel(region === 'AU' ? 'State' : 'County');
  const postcode = form.getByLabel('Postcode');
  await line1.waitFor();
  expect(await errorOf(line1)).toBe('Please enter an address into either Line 1 or Line 2');
  expect(await errorOf(suburb)).toBe('Suburb field is required');
  expect(await errorOf(state)).toBe('State field is required');
  expect(await errorOf(postcode)).toBe('Postcode field is required');
  await shot('address');
  await postcode.fill(region === 'AU' ? '200' : '12345');
  await expect
    .poll(() => errorOf(postcode))
    .toBe(
      region === 'AU'
        ? 'Please enter a 4 digit postcode'
        : 'Please ensure that you have entered your postcode in the correct format e.g. M1 1AE',
    );
  // Use this address does not close an invalid address.
  await form.getByRole('button', { name: 'Use this address' }).click();
  expect(await line1.isVisible()).toBe(true);
  await fillManualAddress(form, region, MANUAL_ADDRESS[region]);
  for (const part of [line1, suburb, state, postcode]) await expect.poll(() => errorOf(part)).toBeNull();
  await form.getByRole('button', { name: 'Use this address' }).click();
  await form.locator('.address-lookup__text').waitFor();

  // The terms must be ticked; consent (UK) has no rule.
  expect(await errorOf(fields.terms)).toBe(REQUIRED);
  await fields.terms.check();
  await expect.poll(() => errorOf(fields.terms)).toBeNull();
  if (region === 'UK') await fields.consent.check();
  await expect.poll(() => fields.continue.getAttribute('aria-disabled')).toBeNull();
  expect(await form.getByText(CONTINUE_PROMPT).count()).toBe(0);

  // Why a billing address: the modal and its Ok.
  await form.getByRole('button', { name: 'Why do I need to supply a billing address?' }).click();
  const why = page.getByRole('dialog', { name: 'Billing Address' });
  await why.waitFor();
  expect(await why.textContent()).toContain("Second-Hand Dealer's Licence");
  await shot('billing-modal');
  await why.getByRole('button', { name: 'Ok' }).click();
  await why.waitFor({ state: 'hidden' });

  // Kept by the browser once 1000 ms pass without a change, then restored: never Terms or Consent.
  const address = MANUAL_ADDRESS[region];
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const kept = JSON.parse(window.localStorage.getItem('checkout.customer') ?? '{}');
          return `${kept.PhoneNumber} ${kept.BillingAddress?.Line1} ${kept.BillingAddress?.PostCode}`;
        }),
      { timeout: 5000 },
    )
    .toBe(`${VALID_PHONE[region]} ${address.Line1} ${address.PostCode}`);
  const kept = await page.evaluate(() => window.localStorage.getItem('checkout.customer') ?? '');
  expect(kept).not.toMatch(/Terms|Consent/);
  await page.reload();
  await detailsForm(page).waitFor();
  expect(await fields.email.inputValue()).toBe('ada@example.com');
  expect(await fields.firstName.inputValue()).toBe('Ada');
  expect(await fields.lastName.inputValue()).toBe('Lovelace');
  expect(await fields.phone.inputValue()).toBe(VALID_PHONE[region]);
  const chosen = await form.locator('.address-lookup__text').textContent();
  expect(chosen).toContain(MANUAL_ADDRESS[region].Line1);
  expect(chosen).toContain(MANUAL_ADDRESS[region].PostCode);
  expect(await fields.terms.isChecked()).toBe(false);
  if (region === 'UK') expect(await fields.consent.isChecked()).toBe(false);
  await shot('restored');
}
