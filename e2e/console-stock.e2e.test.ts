import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { expectNoSidewaysScroll } from './support/checkout.js';
import { signInAsStaff, tabTo } from './support/console.js';
import { axeViolations, openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const poll = expect.poll;

/** A small picture made for the journey: a square with a yellow band, as a staff member's camera would give. */
async function picture(background = '#0b6e4f'): Promise<Buffer> {
  const band = await sharp({ create: { width: 480, height: 120, channels: 3, background: '#ffd23f' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 480, height: 480, channels: 3, background } })
    .composite([{ input: band, top: 180, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * The colour of a loaded picture above its yellow band (drawn on a canvas: the picture is the shop's
 * own). Pictures are fitted inside the frame on white, so it is read in the middle, near the top.
 */
async function pictureColour(image: Locator): Promise<'green' | 'red' | 'other'> {
  await poll(() =>
    image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
  ).toBe(true);
  const [r, g] = await image.evaluate((element) => {
    const img = element as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    context?.drawImage(img, img.naturalWidth / 2, img.naturalHeight * 0.15, 1, 1, 0, 0, 1, 1);
    return Array.from(context?.getImageData(0, 0, 1, 1).data ?? []);
  });
  if ((g ?? 0) > (r ?? 0) + 50) return 'green';
  if ((r ?? 0) > (g ?? 0) + 50) return 'red';
  return 'other';
}

describe('the store console: stock', () => {
  const shop = useShop();

  it('a staff member adds an item with a picture, finds it in the shop, and changes its price', async () => {
    const base = shop.server.baseUrl;
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await signInAsStaff(page, base);
    expect(page.url()).toMatch(/\/store-console\/stores\/\d+\/stock$/);

    const word = `Quokkaphone${Date.now().toString(36)}`;
    await page.getByRole('link', { name: 'Add an item' }).click();
    const form = page.getByRole('form', { name: 'Add an item' });
    await form.getByLabel('Title').fill(`${word} vintage turntable`);
    await form.getByLabel('Category').selectOption({ label: 'TVs & Audio › Speakers & Soundbars' });
    await form.getByLabel('Brand (optional)').fill('Technics');
    await form.getByLabel('Condition').selectOption({ label: 'Very good' });
    await form.getByLabel('Description (optional)').fill('Belt drive; new stylus.');
    await form.getByLabel('Price', { exact: true }).fill('249.50');
    await form.getByLabel('RRP (optional)').fill('499');
    await form.getByLabel('Weight (grams)').fill('6500');
    await form.getByLabel('Length (cm)').fill('45');
    await form.getByLabel('Width (cm)').fill('36');
    await form.getByLabel('Height (cm)').fill('14');
    await form
      .getByLabel('Pictures (up to 6)')
      .setInputFiles({ name: 'turntable.jpg', mimeType: 'image/jpeg', buffer: await picture() });
    await form.getByRole('img', { name: '1: turntable.jpg' }).waitFor();
    await form.getByRole('button', { name: 'Add the item' }).click();

    const notice = page.getByText(/^Added .* It is on sale in the shop now\./);
    await notice.waitFor();
    await screenshot(page, 'console-stock-added');
    const code = /\/stock\/([A-Z0-9]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
    expect(code).not.toBe('');
    const shopLink = await notice.getByRole('link', { name: 'See it in the shop' }).getAttribute('href');
    expect(shopLink).toMatch(new RegExp(`^/product/${code.toLowerCase()}/`));

    // The shop's search finds it within a second, with its picture.
    await page.goto(`${base}/search-results?query=${word}`);
    const card = page.getByRole('list', { name: 'Items' }).getByRole('article');
    await poll(() => card.count(), { timeout: 5000 }).toBe(1);
    await expect(card.textContent()).resolves.toContain(`${word} vintage turntable`);
    await expect(card.textContent()).resolves.toContain('$249.50');
    const image = card.locator('img').first();
    await poll(() =>
      image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    ).toBe(true);
    expect(await image.evaluate((img) => (img as HTMLImageElement).currentSrc)).toContain(
      `/c3api/images/product/${code}/1`,
    );
    await screenshot(page, 'console-stock-in-search');

    // A new price in the console is the product page's price.
    await page.goto(`${base}/store-console`);
    await page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
    await page.getByLabel('Search title, brand or code').fill(word);
    await page.getByLabel('Search title, brand or code').press('Enter');
    await page
      .getByRole('list', { name: 'Items' })
      .getByRole('link', { name: `${word} vintage turntable` })
      .click();
    const price = page.getByRole('form', { name: 'Change the price' });
    await price.getByLabel('New price').fill('199');
    await price.getByRole('button', { name: 'Change the price' }).click();
    await page.getByText('The price is now $199.00.').waitFor();
    await page.goto(`${base}${shopLink}`);
    await page.getByRole('heading', { level: 1, name: `${word} vintage turntable` }).waitFor();
    await poll(() => page.locator('main').textContent()).toContain('$199.00');
    expect(await page.locator('main').textContent()).not.toContain('$249.50');
    const mainPicture = page.getByRole('button', { name: /^Zoom in on picture 1 of 1$/ }).locator('img');
    expect(await pictureColour(mainPicture)).toEqual('green');

    // A picture replaced through "edit" (the same position) is what this browser shows next, not
    // the old one it holds as immutable: the picture URLs carry a version.
    await page.goto(`${base}/store-console`);
    await page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
    await page.goto(`${page.url()}/${code}/edit`);
    const edit = page.getByRole('form', { name: `Edit ${word} vintage turntable` });
    await edit
      .getByLabel('Pictures (up to 6)')
      .setInputFiles({ name: 'red.jpg', mimeType: 'image/jpeg', buffer: await picture('#c0392b') });
    await edit.getByRole('img', { name: '1: red.jpg' }).waitFor();
    await edit.getByRole('button', { name: 'Save the changes' }).click();
    await page.getByText(/^Saved the changes/).waitFor();
    await page.goto(`${base}${shopLink}`);
    await page.getByRole('heading', { level: 1, name: `${word} vintage turntable` }).waitFor();
    expect(await pictureColour(mainPicture)).toEqual('red');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('signs out from the console on a phone, and the console then asks to sign in again', async () => {
    const base = shop.server.baseUrl;
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await signInAsStaff(page, base);
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/logout');
    // The sign-out call must finish before leaving the page (leaving would abort it).
    await page.getByText('You have signed out.', { exact: false }).waitFor();
    await page.goto(`${base}/store-console`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reaches and uses the add form by keyboard alone', async () => {
    const base = shop.server.baseUrl;
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await signInAsStaff(page, base);
    await tabTo(page, 'Add an item');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Add an item' }).waitFor();
    const word = `Keyboardonly${Date.now().toString(36)}`;
    await tabTo(page, 'Title');
    await page.keyboard.type(`${word} drum machine`);
    await tabTo(page, 'Category');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'Price');
    await page.keyboard.type('80');
    for (const [label, value] of [
      ['Weight (grams)', '1200'],
      ['Length (cm)', '30'],
      ['Width (cm)', '20'],
      ['Height (cm)', '8'],
    ]) {
      await tabTo(page, label as string);
      await page.keyboard.type(value as string);
    }
    await tabTo(page, 'Add the item');
    await page.keyboard.press('Enter');
    await page.getByText(/^Added .* It is on sale in the shop now\./).waitFor();
    // Focus went to the message, with the shop's link next.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Added');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('See it in the shop');
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'has no axe violations and no sideways scroll on the stock pages on a %s',
    async (size, viewport) => {
      const base = shop.server.baseUrl;
      const { page, problems } = await openPage(shop.browser, viewport, { bypassCSP: true });
      await signInAsStaff(page, base);
      await page.getByRole('list', { name: 'Items' }).waitFor();
      const stockUrl = page.url();
      for (const [name, url, ready] of [
        ['list', stockUrl, 'Stock'],
        ['add', `${stockUrl}/new`, 'Add an item'],
        ['import', `${stockUrl}/import`, 'Import items from CSV'],
      ] as const) {
        await page.goto(url);
        await page.getByRole('heading', { level: 1, name: ready }).waitFor();
        if (name === 'list') await page.getByRole('list', { name: 'Items' }).waitFor();
        if (name === 'add') await page.getByLabel('Category').locator('option').nth(2).waitFor({ state: 'attached' });
        await page.waitForTimeout(300);
        await expectNoSidewaysScroll(page, `${name} on a ${size}`);
        expect(await axeViolations(page), `${name} on a ${size}`).toEqual([]);
        await screenshot(page, `console-stock-${name}-${size}`);
      }
      // One item's page, with its actions.
      await page.goto(stockUrl);
      await page.getByRole('list', { name: 'Items' }).getByRole('link').first().click();
      await page.getByRole('form', { name: 'Change the price' }).waitFor();
      await expectNoSidewaysScroll(page, `item on a ${size}`);
      expect(await axeViolations(page), `item on a ${size}`).toEqual([]);
      await screenshot(page, `console-stock-item-${size}`);
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
