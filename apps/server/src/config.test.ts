import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to port 3000, region AU and the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, REGION: 'AU' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it('reads PORT, REGION and a PostgreSQL URL', () => {
    expect(loadConfig({ PORT: '8080', REGION: 'UK', DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      PORT: 8080,
      REGION: 'UK',
      DATABASE_URL: 'postgres://u@h/db',
    });
  });

  it('refuses a bad region or port with the setting named', () => {
    expect(() => loadConfig({ REGION: 'NZ' })).toThrow(/REGION/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('has feature flags, mail settings and a closed dev mailbox by default', () => {
    expect(loadConfig({})).toMatchObject({
      WISHLISTS_ENABLED: true,
      DISCOUNTS_ENABLED: true,
      WISHLIST_ALERTS_ENABLED: true,
      SUGGESTION_MIN_LENGTH: 3,
      MAIL_FROM: 'Secondhand <no-reply@secondhand.example>',
      DEV_MAILBOX: false,
    });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(loadConfig({}).DEV_CAPTCHA_ANSWER).toBeUndefined();
  });

  it('reads flags as true/false words and refuses anything else', () => {
    expect(
      loadConfig({ WISHLISTS_ENABLED: 'false', DISCOUNTS_ENABLED: 'no', WISHLIST_ALERTS_ENABLED: '0' }),
    ).toMatchObject({
      WISHLISTS_ENABLED: false,
      DISCOUNTS_ENABLED: false,
      WISHLIST_ALERTS_ENABLED: false,
    });
    expect(loadConfig({ WISHLISTS_ENABLED: 'TRUE' }).WISHLISTS_ENABLED).toBe(true);
    expect(() => loadConfig({ WISHLISTS_ENABLED: 'maybe' })).toThrow(/WISHLISTS_ENABLED/);
    expect(() => loadConfig({ SUGGESTION_MIN_LENGTH: '0' })).toThrow(/SUGGESTION_MIN_LENGTH/);
  });

  it('opens the dev mailbox only for the exact word true, and checks the SMTP URL', () => {
    expect(loadConfig({ DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
    expect(() => loadConfig({ DEV_MAILBOX: '1' })).toThrow(/DEV_MAILBOX/);
    expect(loadConfig({ SMTP_URL: 'smtp://user:secret@mail.example:587' }).SMTP_URL).toBe(
      'smtp://user:secret@mail.example:587',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example' })).not.toThrow(/secret/);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).PUBLIC_URL).toBe('https://shop.example');
    expect(() => loadConfig({ DEV_CAPTCHA_ANSWER: 'toolong' })).toThrow(/DEV_CAPTCHA_ANSWER/);
    // Only characters the captcha can draw (no B, O, 0, 1 ...).
    expect(() => loadConfig({ DEV_CAPTCHA_ANSWER: 'ABCDE' })).toThrow(/DEV_CAPTCHA_ANSWER/);
    expect(loadConfig({ DEV_CAPTCHA_ANSWER: 'acdef' }).DEV_CAPTCHA_ANSWER).toBe('acdef');
  });
});
