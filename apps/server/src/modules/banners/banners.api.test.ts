import type { BannersValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedSiteContent } from '../../seed/seed.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import type { TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { BannersRepository } from './banners.repository.js';

describe.each(testDatabaseTargets())('banners on $name', (target) => {
  const shop = useTestShop(target, { seed: (database) => seedSiteContent(database.handle) });
  const { database, server: au } = shop;
  const uk = shop.alsoServe({ REGION: 'UK' });

  async function banners(server: TestServer, query = '?placement=home'): Promise<BannersValue> {
    const { status, body } = await server.get<BannersValue>(`/c3api/banners${query}`);
    expect(status, body.Message ?? '').toBe(200);
    return body.Value;
  }

  it('serves the region’s home banners in order, with the carousel settings', async () => {
    const value = await banners(au);
    expect(value).toMatchObject({ Autoplay: true, Delay: 10000, Dots: true, PauseOnHover: true });
    expect(value.Banners.map((b) => b.Title)).toEqual([
      'Pre-loved phones, tested and guaranteed',
      'Gold and jewellery: certified authentic',
      'Click & Collect in two hours',
    ]);
    const buttons = value.Banners.flatMap((b) => [b.PrimaryButton, b.SecondaryButton]).filter((b) => b !== null);
    expect(buttons.some((b) => b.IsYellowStyle)).toBe(true);
    expect(buttons.some((b) => !b.IsYellowStyle)).toBe(true);
    expect(value.Banners.every((b) => /^#[0-9a-f]{6}$/i.test(b.GradientColourCodeStart))).toBe(true);
    expect(value.Banners.filter((b) => b.BannerClickUrl !== null)).toEqual([
      expect.objectContaining({ BannerClickUrl: '/help/click-and-collect', BannerClickTarget: '_self' }),
    ]);
    expect((await banners(au, '')).Banners).toHaveLength(3);
  });

  it('serves the UK its own banners', async () => {
    const value = await banners(uk);
    expect(value.Banners.map((b) => b.Title)).toContain('Click and collect in two hours');
  });

  it('sanitises descriptions and drops unsafe links on the way out', async () => {
    const repository = new BannersRepository();
    await repository.replaceAll(database.handle, [
      {
        region: 'AU',
        placement: 'home',
        position: 1,
        active: 1,
        title: 'Hostile',
        title_size: 'Small',
        title_colour: '#fff',
        description:
          '<p onclick="steal()">Hello <strong>there</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="/ok" target="_top">ok</a><iframe src="https://evil.example"></iframe>',
        description_colour: '#fff',
        hide_text: 0,
        primary_button: JSON.stringify({
          DisplayName: 'Click',
          OnClickUrl: 'javascript:alert(4)',
          IsYellowStyle: true,
        }),
        secondary_button: JSON.stringify({
          DisplayName: 'Safe',
          OnClickUrl: 'https://example.com/x',
          IsYellowStyle: false,
        }),
        background_image_url: '//evil.example/pixel.gif',
        background_image_alt_text: '',
        banner_background_image_url: null,
        gradient_colour_start: '#000000',
        gradient_colour_end: '#111111',
        darkened_colour: null,
        banner_click_url: 'data:text/html,<script>alert(5)</script>',
        banner_click_target: '_blank',
      },
      {
        region: 'AU',
        placement: 'home',
        position: 2,
        active: 0,
        title: 'Switched off',
        title_size: 'Small',
        title_colour: '#fff',
        description: '',
        description_colour: '#fff',
        hide_text: 1,
        primary_button: null,
        secondary_button: null,
        background_image_url: null,
        background_image_alt_text: '',
        banner_background_image_url: null,
        gradient_colour_start: '#000000',
        gradient_colour_end: '#111111',
        darkened_colour: null,
        banner_click_url: null,
        banner_click_target: null,
      },
    ]);
    try {
      const [banner, ...others] = (await banners(au)).Banners;
      expect(others).toEqual([]);
      expect(banner?.Description).toBe('<p>Hello <strong>there</strong></p><a>bad</a><a href="/ok">ok</a>');
      expect(banner?.Description).not.toMatch(/script|onerror|onclick|javascript|iframe|<img/i);
      expect(banner?.PrimaryButton).toBeNull();
      expect(banner?.SecondaryButton).toEqual({
        DisplayName: 'Safe',
        OnClickUrl: 'https://example.com/x',
        IsYellowStyle: false,
      });
      expect(banner?.BackgroundImageUrl).toBeNull();
      expect(banner?.BannerClickUrl).toBeNull();
      expect(banner?.BannerClickTarget).toBeNull();
    } finally {
      await seedSiteContent(database.handle);
    }
  });

  it('refuses an unknown placement with a 400 naming it', async () => {
    const { status, body } = await au.get('/c3api/banners?placement=checkout');
    expect(status).toBe(400);
    expect(body.Message).toContain('placement');
  });
});
