import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isSecretParameter, REDACTED, redactUrl, requestLogSerializers } from './log-redaction.js';

describe('redactUrl', () => {
  it('leaves a URL without secrets as written', () => {
    for (const url of [
      '/',
      '/search-results',
      '/search-results?query=iphone%2013&brand=apple,samsung&page=2',
      '/c3api/product/enquiry',
      '/c3api/search/stores?state=NSW&sort=name',
      '/path?',
      '/path?&&flag&=x',
      '/p?postcode=2000&productCode=ABC123&itemCode=XYZ&stateHash=abc',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('redacts every listed secret name and keeps the other parameters readable', () => {
    for (const name of [
      'token',
      'Token',
      'code',
      'session',
      'sessionId',
      'key',
      'password',
      'resetToken',
      'verificationCode',
      'recaptchaToken',
    ]) {
      expect(redactUrl(`/c3api/x?page=2&${name}=s3cret&sort=name`), name).toBe(
        `/c3api/x?page=2&${name}=${REDACTED}&sort=name`,
      );
    }
  });

  it("redacts any name ending in 'token', in any case", () => {
    expect(redactUrl('/a?wishlistToken=1&cart_token=2&ACCESSTOKEN=3&idToken=4&tokens=5')).toBe(
      `/a?wishlistToken=${REDACTED}&cart_token=${REDACTED}&ACCESSTOKEN=${REDACTED}&idToken=${REDACTED}&tokens=5`,
    );
  });

  it('redacts a repeated parameter every time', () => {
    expect(redactUrl('/c3api/wishlist?token=a&token=b&x=1&token=c')).toBe(
      `/c3api/wishlist?token=${REDACTED}&token=${REDACTED}&x=1&token=${REDACTED}`,
    );
  });

  it('sees through percent-encoded and bracketed names', () => {
    expect(redactUrl('/a?%74oken=abc&to%6Ben=def&t+oken=ok')).toBe(
      `/a?%74oken=${REDACTED}&to%6Ben=${REDACTED}&t+oken=ok`,
    );
    expect(redactUrl('/a?token[]=abc&token[0]=def&session%5Bid%5D=g')).toBe(
      `/a?token[]=${REDACTED}&token[0]=${REDACTED}&session%5Bid%5D=${REDACTED}`,
    );
  });

  it('never throws on malformed percent-encoding, and still redacts', () => {
    expect(redactUrl('/a?token=%E0%A4%A&q=%ZZ&%=1')).toBe(`/a?token=${REDACTED}&q=%ZZ&%=1`);
    expect(redactUrl('/a?tok%ZZen=1&%E0%A4%Atoken=2')).toBe(`/a?tok%ZZen=1&%E0%A4%Atoken=${REDACTED}`);
    expect(() => redactUrl('/%E0%A4%A?%')).not.toThrow();
  });

  it('keeps values that contain = and leaves empty or missing values alone', () => {
    expect(redactUrl('/a?token=abc==&next=/b?c=d')).toBe(`/a?token=${REDACTED}&next=/b?c=d`);
    expect(redactUrl('/a?token=&code')).toBe('/a?token=&code');
  });

  it('keeps the path even when it looks like a parameter', () => {
    expect(redactUrl('/reset/token=abc?x=1')).toBe('/reset/token=abc?x=1');
  });

  it('redacts parameters in a fragment too', () => {
    expect(redactUrl('/a?x=1#token=abc&y=2')).toBe(`/a?x=1#token=${REDACTED}&y=2`);
    expect(redactUrl('/a#section')).toBe('/a#section');
    expect(redactUrl('/a#code=1')).toBe(`/a#code=${REDACTED}`);
  });

  it('treats each name on its own', () => {
    expect(isSecretParameter('newPassword')).toBe(true);
    expect(isSecretParameter('clientSecret')).toBe(true);
    expect(isSecretParameter('postcode')).toBe(false);
    expect(isSecretParameter('keyword')).toBe(false);
    expect(isSecretParameter('query')).toBe(false);
  });
});

describe('requestLogSerializers', () => {
  it('logs method, redacted url, hostname, address and port, and nothing else', () => {
    const line = requestLogSerializers.req({
      method: 'GET',
      url: '/c3api/wishlist/summary?token=abc',
      hostname: 'shop.example',
      ip: '203.0.113.9',
      socket: { remotePort: 51234 },
      headers: { cookie: 'cart=secret', authorization: 'Bearer x' },
    } as Parameters<typeof requestLogSerializers.req>[0]);
    expect(line).toEqual({
      method: 'GET',
      url: `/c3api/wishlist/summary?token=${REDACTED}`,
      hostname: 'shop.example',
      remoteAddress: '203.0.113.9',
      remotePort: 51234,
    });
  });

  it('copes with a request without a socket or url', () => {
    expect(requestLogSerializers.req({ method: 'GET' })).toEqual({
      method: 'GET',
      url: undefined,
      hostname: undefined,
      remoteAddress: undefined,
      remotePort: undefined,
    });
  });

  it("replaces Fastify's request serializer: no secret or header reaches the log", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: requestLogSerializers } });
    app.get('/c3api/wishlist/summary', async () => ({ ok: true }));
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/c3api/wishlist/summary?token=very-secret-token&page=1',
        headers: { cookie: 'cart=cookie-secret', 'x-xsrf-token': 'header-secret', host: 'shop.example:8080' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain(`"url":"/c3api/wishlist/summary?token=${REDACTED}&page=1"`);
    expect(log).toContain('"hostname":"shop.example"');
    for (const secret of ['very-secret-token', 'cookie-secret', 'header-secret']) expect(log).not.toContain(secret);
  });
});
