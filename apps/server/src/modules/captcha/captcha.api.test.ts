import type { CaptchaValue } from '@shop/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { CAPTCHA_LIFETIME_MS } from './captcha.service.js';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, randomAnswer } from './captcha-image.js';

describe.each(testDatabaseTargets())('captcha on $name', (target) => {
  const { database, server } = useTestShop(target);

  const captcha = () => server.services.captcha;

  it('hands out a fresh, uncached challenge: a 256-bit token and an SVG picture with no text in it', async () => {
    const { status, body, headers } = await server.get<CaptchaValue>('/c3api/captcha');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    const value = body.Value;
    expect(value.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(value.ExpiresAt) - Date.now();
    expect(expires).toBeGreaterThan(CAPTCHA_LIFETIME_MS - 60_000);
    expect(expires).toBeLessThanOrEqual(CAPTCHA_LIFETIME_MS);
    expect(value.Image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(value.Image.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toMatch(/<text|<script|font-family/i);
    const picture = await sharp(Buffer.from(svg)).png().toBuffer();
    expect((await sharp(picture).metadata()).width).toBe(220);
    const other = await server.get<CaptchaValue>('/c3api/captcha');
    expect(other.body.Value.Token).not.toBe(value.Token);
    const stored = await database.handle.db
      .selectFrom('captcha_challenges')
      .selectAll()
      .where('token', '=', value.Token)
      .executeTakeFirstOrThrow();
    expect(stored.used_at).toBeNull();
    expect(stored.answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('draws answers of five unambiguous characters', () => {
    for (let i = 0; i < 200; i++) {
      const answer = randomAnswer();
      expect(answer).toHaveLength(CAPTCHA_LENGTH);
      for (const c of answer) expect(CAPTCHA_ALPHABET).toContain(c);
    }
    expect(CAPTCHA_ALPHABET).not.toMatch(/[IO01SZB852]/);
  });

  it('answers every challenge with DEV_CAPTCHA_ANSWER when it is set (demos and browser tests)', async () => {
    const demo = await startTestServer(database, { DEV_CAPTCHA_ANSWER: 'acdef' });
    try {
      const { body } = await demo.get<CaptchaValue>('/c3api/captcha');
      expect(await demo.services.captcha.verify(demo.ctx(), `${body.Value.Token}:ACDEF`)).toBe(true);
    } finally {
      await demo.close();
    }
  });

  it('refuses to draw a character outside its alphabet, storing nothing', async () => {
    const before = await database.handle.db.selectFrom('captcha_challenges').select('id').execute();
    await expect(captcha().issue(server.ctx(), 'ABCDE')).rejects.toThrow(/glyph/);
    expect(await database.handle.db.selectFrom('captcha_challenges').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('accepts the right answer in any case, once', async () => {
    const { Token } = await captcha().issue(server.ctx(), 'KX4PR');
    expect(await captcha().verify(server.ctx(), `${Token}:kx4pr`)).toBe(true);
    expect(await captcha().verify(server.ctx(), `${Token}:KX4PR`)).toBe(false);
  });

  it('uses a challenge up on a wrong answer', async () => {
    const { Token } = await captcha().issue(server.ctx(), 'KX4PR');
    expect(await captcha().verify(server.ctx(), `${Token}:KX4PX`)).toBe(false);
    expect(await captcha().verify(server.ctx(), `${Token}:KX4PR`)).toBe(false);
  });

  it('refuses expired challenges, unknown tokens and malformed answers', async () => {
    const { Token } = await captcha().issue(server.ctx(), 'AAAAA');
    await database.handle.db
      .updateTable('captcha_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', Token)
      .execute();
    expect(await captcha().verify(server.ctx(), `${Token}:AAAAA`)).toBe(false);
    expect(await captcha().verify(server.ctx(), 'AAAAAAAAAAAAAAAAAAAAAA:AAAAA')).toBe(false);
    for (const bad of ['', 'AAAAA', ':AAAAA', 'not a token:AAAAA'])
      expect(await captcha().verify(server.ctx(), bad)).toBe(false);
  });

  it('lets only one of many simultaneous answers through', async () => {
    const { Token } = await captcha().issue(server.ctx(), 'CDEFG');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => captcha().verify(server.ctx(), `${Token}:CDEFG`)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
