import type { ProductListItem, SearchResultsValue } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const PASSWORD = 'a long and private phrase';
let people = 0;
const newEmail = () => `journey${++people}.${Date.now()}@example.com`;

/**
 * Accounts as shoppers use them, on http://localhost (a passkey's relying party must be a domain):
 * registering, signing out and in with the guest cart and wishlist merged, a forgotten password
 * through the e-mail in the outbox, a passkey on Chromium's virtual authenticator, the product
 * page's greeting, and the account area's guard.
 */
describe('accounts', () => {
  const shop = useShop({ DEV_MAILBOX: 'true' }, { host: 'localhost' });

  async function items(query: string): Promise<ProductListItem[]> {
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?${query}`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    const seen = new Set<string>();
    return body.Value.ProductList.ProductListItems.filter((i) => {
      const fresh = !seen.has(i.Title);
      seen.add(i.Title);
      return fresh && i.IsAvailable && !i.DisableInStorePickup && !i.ItemUnavailableAsStoreDisabledPickup;
    });
  }

  async function register(page: Page, email: string, firstName = 'Ada') {
    await page.goto(`${shop.server.baseUrl}/register`);
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('First name').fill(firstName);
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Shopping' }).waitFor();
  }

  async function signIn(page: Page, email: string, password = PASSWORD) {
    const form = page.getByRole('form', { name: 'Sign in with your email address' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signOut(page: Page, firstName = 'Ada') {
    await page.getByRole('button', { name: `Account menu for ${firstName}` }).click();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
  }

  it('registers, signs out, and on signing in again finds the guest cart and wishlist merged', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    const email = newEmail();
    await register(page, email);
    await screenshot(page, 'account-dashboard-desktop');
    expect(await page.getByRole('link', { name: /Shop Orders/ }).getAttribute('href')).toBe('/my-account/orders');
    await signOut(page);

    // As a guest: one item in the cart from its page, another hearted from the search results.
    const [forCart, forWishlist] = await items('query=amp');
    if (!forCart || !forWishlist) throw new Error('the demo catalogue has too few amps');
    await page.goto(`${shop.server.baseUrl}${forCart.Url}`);
    await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
    const added = page.getByRole('dialog', { name: 'Added to your cart' });
    await added.waitFor();
    await added.getByRole('button', { name: 'Continue shopping' }).click();
    await page.goto(`${shop.server.baseUrl}/search-results?query=amp`);
    const card = page.getByRole('article', { name: forWishlist.Title, exact: true }).first();
    await card.getByRole('button', { name: `Add ${forWishlist.Title} to wishlist` }).click();
    const prompt = page.getByRole('dialog', { name: 'Wishlist alerts' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Maybe later' }).click();
    await card.getByRole('button', { name: `Remove ${forWishlist.Title} from wishlist` }).waitFor();

    await page.getByRole('link', { name: 'Login' }).first().click();
    await signIn(page, email);
    // Back where the shopper was: the search results.
    await page.waitForURL(/\/search-results\?query=amp/);
    await page.getByRole('button', { name: 'Account menu for Ada' }).waitFor();
    await page.goto(`${shop.server.baseUrl}/cart`);
    await page.getByRole('link', { name: forCart.Title, exact: true }).first().waitFor();
    await page.goto(`${shop.server.baseUrl}/wishlist`);
    await page.getByText(forWishlist.Title, { exact: true }).first().waitFor();
    // The guest token is forgotten: the customer's wishlist is held by the session.
    expect(await page.evaluate(() => window.localStorage.getItem('wishlist-token'))).toBeNull();

    // Signing out leaves an empty guest cart and wishlist behind.
    await signOut(page);
    await page.goto(`${shop.server.baseUrl}/wishlist`);
    await page.getByText("There doesn't seem to be anything here.").waitFor();
    expect(problems).toEqual([]);
  });

  it('resets a forgotten password with the link from the e-mail in the outbox', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    const email = newEmail();
    await register(page, email);
    await signOut(page);
    await page.goto(`${shop.server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    const form = page.getByRole('form', { name: 'Ask for a password reset link' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/If an account exists for that email address/).waitFor();

    const outbox = (await (await fetch(`${shop.server.baseUrl}/c3api/dev/outbox`)).json()) as {
      Value: { Messages: { To: string; TextBody: string }[] };
    };
    const mail = outbox.Value.Messages.find((m) => m.To === email);
    const link = /http\S+\/reset-password#token=\S+/.exec(mail?.TextBody ?? '')?.[0];
    if (!link) throw new Error('no reset link in the outbox');
    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('New password', { exact: true }).fill('an even longer private phrase');
    await reset.getByLabel('New password again').fill('an even longer private phrase');
    await reset.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();
    // The token left the address bar once read.
    expect(page.url()).not.toContain('token=');
    await screenshot(page, 'reset-password-phone');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signIn(page, email, 'an even longer private phrase');
    await page.getByRole('heading', { level: 1, name: 'My Shopping' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('adds a passkey and signs in with it (Chromium virtual authenticator)', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const email = newEmail();
    await register(page, email, 'Grace');
    await page.goto(`${shop.server.baseUrl}/my-account/passkeys`);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Your passkey has been added.').waitFor();
    await screenshot(page, 'account-passkeys-desktop');
    await signOut(page, 'Grace');

    await page.goto(`${shop.server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Shopping' }).waitFor();
    await page.getByRole('button', { name: 'Account menu for Grace' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('greets a signed-in shopper on the product page, shortening a long name', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    const [item] = await items('query=phone');
    if (!item) throw new Error('no phone in the demo catalogue');
    await page.goto(`${shop.server.baseUrl}${item.Url}`);
    const login = page.getByRole('link', { name: 'Login / Register' });
    await login.waitFor();
    expect(await login.getAttribute('href')).toContain('/login?returnUrl=');
    await register(page, newEmail(), 'Bartholomewsmith');
    await page.goto(`${shop.server.baseUrl}${item.Url}`);
    await page.getByText('Hi, Bartholomewsm…').waitFor();
    await screenshot(page, 'product-greeting-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  it('sends a signed-out visitor from every account page to sign in, and back afterwards', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    for (const path of [
      '/my-account',
      '/my-account/profile',
      '/my-account/password',
      '/my-account/passkeys',
      '/my-account/orders',
      '/my-account/saved-searches',
      '/my-account/anything-else',
    ]) {
      await page.goto(`${shop.server.baseUrl}${path}`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('returnUrl'), path).toBe(path);
    }
    // Signing in from the last one returns to it.
    const email = newEmail();
    await fetch(`${shop.server.baseUrl}/c3api/site`);
    const registerPage = await openPage(shop.browser, VIEWPORTS.desktop);
    await register(registerPage.page, email);
    await page.goto(`${shop.server.baseUrl}/my-account/profile`);
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname === '/my-account/profile');
    await page.getByLabel('Phone number').waitFor();
    await screenshot(page, 'account-profile-desktop');
    expect(problems).toEqual([]);
  });
});
