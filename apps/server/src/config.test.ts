import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_SWITCHES,
  loadConfig,
  offeredPaymentProviders,
  paymentSandboxOn,
  paymentSandboxPort,
  resolveSecretKey,
  servedOverHttps,
  shopClock,
} from './config.js';

/** What every production start must have: one SECRET_KEY shared by all instances. */
const PRODUCTION = { NODE_ENV: 'production', SECRET_KEY: 'p'.repeat(40) };

describe('configuration', () => {
  it("offers the region's online payment options unless told which, or none", () => {
    expect(offeredPaymentProviders(loadConfig({}))).toEqual(['Eway', 'PayPal']);
    expect(offeredPaymentProviders(loadConfig({ REGION: 'UK' }))).toEqual(['GlobalPay', 'PayPal', 'Clearpay']);
    expect(offeredPaymentProviders(loadConfig({ PAYMENT_PROVIDERS: 'PayPal' }))).toEqual(['PayPal']);
    expect(offeredPaymentProviders(loadConfig({ PAYMENT_PROVIDERS: 'none' }))).toEqual([]);
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'Eway,Stripe' })).toThrow(/PAYMENT_PROVIDERS: must list/);
  });

  it('runs the payment sandboxes by default, never in production', () => {
    expect(paymentSandboxOn(loadConfig({}))).toBe(true);
    expect(paymentSandboxOn(loadConfig({ PAYMENT_SANDBOX: 'false' }))).toBe(false);
    expect(paymentSandboxOn(loadConfig(PRODUCTION))).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' })).toThrow(
      /PAYMENT_SANDBOX: the payment sandboxes never run in production/,
    );
    expect(paymentSandboxPort(loadConfig({ PORT: '4000' }))).toBe(4001);
    expect(paymentSandboxPort(loadConfig({ PORT: '0' }))).toBe(0);
    expect(paymentSandboxPort(loadConfig({ PAYMENT_SANDBOX_PORT: '5050' }))).toBe(5050);
  });

  it('moves the clock ahead only when told, never in production', () => {
    expect(shopClock(loadConfig({}))).toBe(Date.now);
    const ahead = shopClock(loadConfig({ CLOCK_OFFSET_MINUTES: '61' }))();
    expect(ahead - Date.now()).toBeGreaterThan(61 * 60_000 - 1000);
    expect(ahead - Date.now()).toBeLessThanOrEqual(61 * 60_000);
    expect(() => loadConfig({ CLOCK_OFFSET_MINUTES: '-5' })).toThrow(/CLOCK_OFFSET_MINUTES/);
    expect(() => loadConfig({ NODE_ENV: 'production', CLOCK_OFFSET_MINUTES: '60' })).toThrow(
      /CLOCK_OFFSET_MINUTES: the clock is never moved in production/,
    );
    expect(loadConfig({ ...PRODUCTION, CLOCK_OFFSET_MINUTES: '0' }).CLOCK_OFFSET_MINUTES).toBe(0);
  });

  it('refuses every development switch in production, naming the setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(
      /Invalid configuration: DEV_MAILBOX: .*never in production \(NODE_ENV=production\)/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_CAPTCHA_ANSWER: 'ACDEF' })).toThrow(
      /Invalid configuration: DEV_CAPTCHA_ANSWER: .*never in production \(NODE_ENV=production\)/,
    );
    // Off, or outside production, they are accepted as before.
    expect(loadConfig({ ...PRODUCTION, DEV_MAILBOX: 'false', DEV_CAPTCHA_ANSWER: '' })).toMatchObject({
      DEV_MAILBOX: false,
      DEV_CAPTCHA_ANSWER: undefined,
    });
    expect(loadConfig({ DEV_MAILBOX: 'true', DEV_CAPTCHA_ANSWER: 'acdef' })).toMatchObject({ DEV_MAILBOX: true });
    // The list the README's configuration table describes.
    expect(DEVELOPMENT_SWITCHES.map((s) => s.setting)).toEqual([
      'PAYMENT_SANDBOX',
      'CLOCK_OFFSET_MINUTES',
      'DEV_MAILBOX',
      'DEV_CAPTCHA_ANSWER',
    ]);
  });

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

  it('reads TRUST_PROXY as off, any hop, a hop count or a list of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.5']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('wants a SECRET_KEY of at least 32 characters, and makes one in the data folder when unset', () => {
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
    expect(resolveSecretKey(loadConfig({ SECRET_KEY: 'k'.repeat(32) }))).toBe('k'.repeat(32));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-config-'));
    try {
      const first = resolveSecretKey({ SECRET_KEY: undefined, DATA_DIR: dataDir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveSecretKey({ SECRET_KEY: undefined, DATA_DIR: dataDir })).toBe(first);
      expect(statSync(path.join(dataDir, 'secret-key')).mode & 0o777).toBe(0o600);
      const other = mkdtempSync(path.join(os.tmpdir(), 'shop-config-'));
      expect(resolveSecretKey({ SECRET_KEY: undefined, DATA_DIR: other })).not.toBe(first);
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a production start without SECRET_KEY, naming it; a development start makes one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: SECRET_KEY: must be set in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: '  ' })).toThrow(/SECRET_KEY: must be set/);
    expect(loadConfig(PRODUCTION).SECRET_KEY).toBe('p'.repeat(40));
    expect(loadConfig({}).SECRET_KEY).toBeUndefined();
  });

  it('migrates at start unless told not to, and bounds a shutdown at 25 seconds by default', () => {
    expect(loadConfig({})).toMatchObject({ MIGRATE_ON_START: true, SHUTDOWN_TIMEOUT_SECONDS: 25 });
    expect(loadConfig({ MIGRATE_ON_START: 'false', SHUTDOWN_TIMEOUT_SECONDS: '5' })).toMatchObject({
      MIGRATE_ON_START: false,
      SHUTDOWN_TIMEOUT_SECONDS: 5,
    });
    expect(() => loadConfig({ MIGRATE_ON_START: 'later' })).toThrow(/MIGRATE_ON_START/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('knows when the shop is served over HTTPS', () => {
    expect(servedOverHttps(loadConfig({ PUBLIC_URL: 'https://shop.example' }))).toBe(true);
    expect(servedOverHttps(loadConfig({ PUBLIC_URL: 'http://shop.example' }))).toBe(false);
    expect(servedOverHttps(loadConfig({}))).toBe(false);
  });
});
