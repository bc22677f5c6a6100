/**
 * A sandbox that plays Global Payments' side over real HTTP, for the demo and the tests: the HPP form
 * endpoint (`POST /pay`), its card page (posting only to itself), the signed result posted to
 * MERCHANT_RESPONSE_URL with the merchant's HTML shown in the frame (as the real HPP does), resize
 * messages to HPP_POST_DIMENSIONS, and the XML API (`POST /epage-remote.cgi`: settle, void, rebate, query)
 * with state kept in memory like the provider. Fault controls under `/__sandbox/`.
 * Never stores a card number: only the last four digits of what was typed.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  apiRequestHash,
  buildXml,
  gpTimestamp,
  HASH_FIELD,
  type HashAlgorithm,
  hppRequestHash,
  ORDER_ID_PATTERN,
  parseFlatXml,
  RESULT,
  responseHash,
  sameDigest,
} from './globalpay.protocol.js';

export type SandboxFaultKind = 'lose-next-response' | 'timeout-next-query' | 'triple-notify' | 'tamper-next-response';

export interface SandboxFault {
  kind: SandboxFaultKind;
  /** lose-next-response: 'api' (default) loses an XML API reply after committing; 'notify' never posts the HPP result. */
  target?: 'api' | 'notify';
  /** Only for this API request type (settle, void, rebate, query). */
  op?: string;
}

export interface SandboxNotifyResult {
  status: number;
  body: string;
}

export interface GlobalPaySandboxOptions {
  /** The sandbox's own base URL as browsers reach it, e.g. http://localhost:3001/globalpay. */
  publicUrl: string;
  merchantId?: string;
  account?: string;
  sharedSecret?: string;
  rebatePassword?: string;
  /** How the signed result reaches MERCHANT_RESPONSE_URL; defaults to a real form POST with fetch. */
  notify?: (url: string, fields: Record<string, string>) => Promise<SandboxNotifyResult>;
  notifyTimeoutMs?: number;
}

/** Published Global Payments test cards and what they answer. */
export const SANDBOX_TEST_CARDS: Record<string, { result: string; message: string }> = {
  '4263970000005262': { result: '00', message: '[ test system ] Authorised' },
  '4263971921001307': { result: '00', message: '[ test system ] Authorised' },
  '5425232820001308': { result: '00', message: '[ test system ] Authorised' },
  '4000126842489127': { result: '101', message: '[ test system ] DECLINED' },
  '4000136842489878': { result: '102', message: '[ test system ] REFERRAL B' },
  '4000166842489115': { result: '103', message: '[ test system ] REFERRAL A' },
  '4009837983422344': { result: '205', message: '[ test system ] Comms Error' },
};

export const SANDBOX_DEFAULTS = {
  merchantId: 'shopsandbox',
  account: 'internet',
  sharedSecret: 'sandbox-secret',
  rebatePassword: 'sandbox-rebate',
};

interface Txn {
  orderId: string;
  merchantId: string;
  account: string;
  amountMinor: number;
  currency: string;
  result: string;
  message: string;
  pasref: string;
  authcode: string;
  status: 'declined' | 'authorised' | 'settled' | 'voided';
  settledMinor: number;
  rebatedMinor: number;
  batchId: string;
  cardLast4: string;
  paymentMethod: 'card' | 'paypal';
}

interface HppSession {
  fields: Record<string, string>;
  algorithm: HashAlgorithm;
  used: boolean;
}

const luhn = (number: string) => {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
};

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

const BANNER =
  '<div style="background:#b00020;color:#fff;padding:8px 12px;font:bold 14px sans-serif;text-align:center">SANDBOX — no real money. Global Payments HPP simulator.</div>';

export function globalpaySandbox(options: GlobalPaySandboxOptions): FastifyPluginAsync {
  const merchantId = options.merchantId ?? SANDBOX_DEFAULTS.merchantId;
  const secret = options.sharedSecret ?? SANDBOX_DEFAULTS.sharedSecret;
  const rebateHash = createHash('sha1')
    .update(options.rebatePassword ?? SANDBOX_DEFAULTS.rebatePassword)
    .digest('hex');
  const publicUrl = options.publicUrl.replace(/\/$/, '');

  const sessions = new Map<string, HppSession>();
  const txns = new Map<string, Txn>();
  const faults: SandboxFault[] = [];
  const notifications: { url: string; status: number; orderId: string; result: string; at: number }[] = [];
  const apiLog: { type: string; orderId: string; result: string; lost: boolean }[] = [];

  const takeFault = (kind: SandboxFaultKind, match: (f: SandboxFault) => boolean = () => true) => {
    const i = faults.findIndex((f) => f.kind === kind && match(f));
    return i < 0 ? null : (faults.splice(i, 1)[0] ?? null);
  };

  const notify =
    options.notify ??
    (async (url: string, fields: Record<string, string>) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(options.notifyTimeoutMs ?? 10_000),
      });
      return { status: response.status, body: await response.text() };
    });

  const page = (title: string, body: string, postOrigin?: string) => {
    // The frame tells the parent its height the way rxp-js expects: a JSON string {iframe:{height,width}}.
    const resize = postOrigin
      ? `<script>(function(){var o=${JSON.stringify(postOrigin).replace(/</g, '\\u003c')};function s(){try{window.parent.postMessage(JSON.stringify({iframe:{height:document.body.scrollHeight+'px',width:'100%'}}),o);}catch(e){}}window.addEventListener('load',s);window.addEventListener('resize',s);})();</script>`
      : '';
    return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${html(title)}</title><style>body{font:15px sans-serif;margin:0}main{padding:16px;max-width:420px}label{display:block;margin:8px 0}input{width:100%;padding:6px;box-sizing:border-box}button{margin-top:12px;padding:8px 16px}</style></head><body>${BANNER}<main>${body}</main>${resize}</body></html>`;
  };

  const sendHtml = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
      )
      .send(body);

  const errorPage = (reply: FastifyReply, code: string, message: string, postOrigin?: string) =>
    sendHtml(
      reply,
      200,
      page('Payment error', `<h1>Error ${html(code)}</h1><p id="error">${html(message)}</p>`, postOrigin),
    );

  // ------------------------------------------------------------------ the HPP

  /** Checks an HPP request as the HPP does: required fields, patterns, hash, duplicate ORDER_ID. */
  function checkHppRequest(
    f: Record<string, string>,
  ): { code: string; message: string } | { algorithm: HashAlgorithm } {
    const algorithm: HashAlgorithm = f.SHA256HASH ? 'sha256' : 'sha1';
    for (const name of [
      'TIMESTAMP',
      'MERCHANT_ID',
      'ORDER_ID',
      'AMOUNT',
      'CURRENCY',
      'MERCHANT_RESPONSE_URL',
      HASH_FIELD[algorithm],
    ])
      if (!f[name]) return { code: RESULT.badField, message: `Mandatory field not present: ${name}` };
    if (!/^\d{14}$/.test(f.TIMESTAMP ?? '')) return { code: RESULT.badField, message: 'Invalid TIMESTAMP' };
    if (!ORDER_ID_PATTERN.test(f.ORDER_ID ?? '')) return { code: RESULT.badField, message: 'Invalid ORDER_ID' };
    if (!/^\d{1,11}$/.test(f.AMOUNT ?? '')) return { code: RESULT.badField, message: 'Invalid AMOUNT' };
    if (!/^[A-Z]{3}$/.test(f.CURRENCY ?? '')) return { code: RESULT.badField, message: 'Invalid CURRENCY' };
    if (
      f.HPP_CUSTOMER_PHONENUMBER_MOBILE &&
      !/^([0-9 +]){1,3}(\|){0,1}([0-9 +]){1,15}$/.test(f.HPP_CUSTOMER_PHONENUMBER_MOBILE)
    )
      return { code: RESULT.badField, message: 'Invalid HPP_CUSTOMER_PHONENUMBER_MOBILE' };
    if (f.BILLING_CODE && !/^[A-Za-z0-9,."/'#\s-]{0,30}\|?[A-Za-z0-9,."/'#\s-]{0,30}$/.test(f.BILLING_CODE))
      return { code: RESULT.badField, message: 'Invalid BILLING_CODE' };
    if (f.MERCHANT_ID !== merchantId) return { code: RESULT.badField, message: 'Merchant ID is invalid' };
    const expected = hppRequestHash(f as Parameters<typeof hppRequestHash>[0], secret, algorithm);
    if (!sameDigest(f[HASH_FIELD[algorithm]], expected))
      return {
        code: RESULT.hashMismatch,
        message: `${HASH_FIELD[algorithm]} is incorrect - check your code and the Developers Documentation`,
      };
    if (txns.has(f.ORDER_ID ?? ''))
      return {
        code: RESULT.duplicateOrder,
        message: `This transaction (${f.ORDER_ID}) has already been processed! If you feel this is incorrect please contact the merchant!`,
      };
    return { algorithm };
  }

  function cardPage(token: string, f: Record<string, string>): string {
    const amount = `${(Number(f.AMOUNT) / 100).toFixed(2)} ${f.CURRENCY}`;
    const payPal = (f.PM_METHODS ?? 'cards').split('|').includes('paypal');
    const cards = Object.entries(SANDBOX_TEST_CARDS)
      .map(([n, r]) => `<li><code>${n}</code> → ${html(r.result)} ${html(r.message)}</li>`)
      .join('');
    return page(
      'Secure payment (sandbox)',
      `<h1>Pay ${html(amount)}</h1>
<form method="post" action="${html(publicUrl)}/pay/submit" autocomplete="off">
<input type="hidden" name="session" value="${html(token)}">
<label>Card number <input name="pas_ccnum" inputmode="numeric" required></label>
<label>Expiry (MM/YY) <input name="pas_expiry" placeholder="12/30" required></label>
<label>Security code <input name="pas_cvn" inputmode="numeric" required></label>
<label>Name on card <input name="pas_chname" value="${html(`${f.HPP_CUSTOMER_FIRSTNAME ?? ''} ${f.HPP_CUSTOMER_LASTNAME ?? ''}`.trim())}" required></label>
<button type="submit" name="method" value="card">${html(f.CARD_PAYMENT_BUTTON || 'Pay Now')}</button>
</form>${payPal ? `<form method="post" action="${html(publicUrl)}/pay/submit"><input type="hidden" name="session" value="${html(token)}"><button type="submit" name="method" value="paypal">Pay with PayPal (sandbox)</button></form>` : ''}
<details><summary>Test cards</summary><ul>${cards}</ul><p>Any other valid number declines (101). Any future expiry, any 3-digit code.</p></details>`,
      f.HPP_POST_DIMENSIONS,
    );
  }

  function hppResponseFields(
    txn: Txn,
    request: Record<string, string>,
    algorithm: HashAlgorithm,
  ): Record<string, string> {
    const timestamp = gpTimestamp(new Date());
    const fields: Record<string, string> = {
      MERCHANT_ID: txn.merchantId,
      ACCOUNT: txn.account,
      ORDER_ID: txn.orderId,
      AMOUNT: String(txn.amountMinor),
      TIMESTAMP: timestamp,
      RESULT: txn.result,
      MESSAGE: txn.message,
      PASREF: txn.pasref,
      AUTHCODE: txn.authcode,
      BATCHID: txn.batchId,
      CVNRESULT: txn.result === '00' ? 'M' : 'U',
      AVSPOSTCODERESULT: 'M',
      AVSADDRESSRESULT: 'M',
      ECI: '5',
    };
    if (txn.paymentMethod === 'paypal') fields.PAYMENTMETHOD = 'paypal';
    // The HPP echoes the merchant's own fields.
    for (const name of [
      'COMMENT1',
      'COMMENT2',
      'CUST_NUM',
      'BILLING_CODE',
      'BILLING_CO',
      'HPP_LANG',
      'MERCHANT_RESPONSE_URL',
    ])
      if (request[name] !== undefined) fields[name] = request[name] as string;
    fields[HASH_FIELD[algorithm]] = responseHash(
      {
        timestamp,
        merchantId: txn.merchantId,
        orderId: txn.orderId,
        result: txn.result,
        message: txn.message,
        pasref: txn.pasref,
        authcode: txn.authcode,
      },
      secret,
      algorithm,
    );
    return fields;
  }

  const plugin: FastifyPluginAsync = async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    for (const type of ['text/xml', 'application/xml'])
      app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => done(null, body));

    app.get('/', async (_request, reply) =>
      sendHtml(
        reply,
        200,
        page('Global Payments sandbox', '<h1>Global Payments sandbox</h1><p>POST an HPP form to <code>pay</code>.</p>'),
      ),
    );

    app.post('/pay', async (request, reply) => {
      const f = (request.body ?? {}) as Record<string, string>;
      const checked = checkHppRequest(f);
      if ('code' in checked) return errorPage(reply, checked.code, checked.message, f.HPP_POST_DIMENSIONS);
      const token = randomBytes(24).toString('base64url');
      sessions.set(token, { fields: { ...f }, algorithm: checked.algorithm, used: false });
      return sendHtml(reply, 200, cardPage(token, f));
    });

    app.post('/pay/submit', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string>;
      const session = sessions.get(body.session ?? '');
      if (!session)
        return errorPage(reply, RESULT.badField, 'Your session has expired. Please return to the merchant.');
      const f = session.fields;
      if (session.used || txns.has(f.ORDER_ID ?? ''))
        return errorPage(
          reply,
          RESULT.duplicateOrder,
          `This transaction (${f.ORDER_ID}) has already been processed!`,
          f.HPP_POST_DIMENSIONS,
        );

      const method = body.method === 'paypal' && (f.PM_METHODS ?? '').includes('paypal') ? 'paypal' : 'card';
      let outcome = { result: '00', message: '[ test system ] Authorised' };
      let last4 = '';
      if (method === 'card') {
        const number = (body.pas_ccnum ?? '').replace(/\D/g, '');
        const expiry = /^(\d{2})\/?(\d{2})$/.exec((body.pas_expiry ?? '').replace(/\s/g, ''));
        const now = new Date();
        // Card details are checked on the page, as the HPP does: the shopper corrects them; nothing is recorded.
        if (!luhn(number))
          return sendHtml(
            reply,
            200,
            cardPage(body.session as string, f).replace(
              '<form',
              '<p id="error">Please enter a valid card number.</p><form',
            ),
          );
        const [mm, yy] = [Number(expiry?.[1]), Number(expiry?.[2])];
        if (
          !expiry ||
          mm < 1 ||
          mm > 12 ||
          2000 + yy < now.getUTCFullYear() ||
          (2000 + yy === now.getUTCFullYear() && mm < now.getUTCMonth() + 1)
        )
          return sendHtml(
            reply,
            200,
            cardPage(body.session as string, f).replace(
              '<form',
              '<p id="error">Please enter a valid expiry date.</p><form',
            ),
          );
        if (!/^\d{3,4}$/.test(body.pas_cvn ?? ''))
          return sendHtml(
            reply,
            200,
            cardPage(body.session as string, f).replace(
              '<form',
              '<p id="error">Please enter a valid security code.</p><form',
            ),
          );
        outcome = SANDBOX_TEST_CARDS[number] ?? { result: '101', message: '[ test system ] DECLINED' };
        last4 = number.slice(-4);
      }
      session.used = true;
      const ok = outcome.result === '00';
      const autoSettle = f.AUTO_SETTLE_FLAG === '1';
      const txn: Txn = {
        orderId: f.ORDER_ID as string,
        merchantId: f.MERCHANT_ID as string,
        account: f.ACCOUNT ?? '',
        amountMinor: Number(f.AMOUNT),
        currency: f.CURRENCY as string,
        result: outcome.result,
        message: outcome.message,
        pasref: digits(17),
        authcode: ok ? digits(6) : '',
        status: ok ? (autoSettle ? 'settled' : 'authorised') : 'declined',
        settledMinor: ok && autoSettle ? Number(f.AMOUNT) : 0,
        rebatedMinor: 0,
        batchId: ok && autoSettle ? digits(6) : '-1',
        cardLast4: last4,
        paymentMethod: method,
      };
      txns.set(txn.orderId, txn); // committed: from here the provider knows the payment
      const fields = hppResponseFields(txn, f, session.algorithm);
      const url = f.MERCHANT_RESPONSE_URL as string;

      if (takeFault('lose-next-response', (x) => x.target === 'notify')) {
        notifications.push({ url, status: 0, orderId: txn.orderId, result: txn.result, at: Date.now() });
        return errorPage(
          reply,
          '00',
          "Your transaction has been processed but there was a problem connecting back to the merchant's web site. Please contact the merchant and advise them that you received this error message.",
          f.HPP_POST_DIMENSIONS,
        );
      }
      const times = takeFault('triple-notify') ? 3 : 1;
      const replies = await Promise.all(
        Array.from({ length: times }, async () => {
          try {
            const r = await notify(url, fields);
            notifications.push({ url, status: r.status, orderId: txn.orderId, result: txn.result, at: Date.now() });
            return r;
          } catch {
            notifications.push({ url, status: 0, orderId: txn.orderId, result: txn.result, at: Date.now() });
            return null;
          }
        }),
      );
      const first = replies.find((r) => r && r.status >= 200 && r.status < 300);
      if (!first)
        return errorPage(
          reply,
          txn.result,
          "Your transaction has been processed but there was a problem connecting back to the merchant's web site. Please contact the merchant and advise them that you received this error message.",
          f.HPP_POST_DIMENSIONS,
        );
      // As the real HPP: the merchant's HTML is shown in the frame, on the provider's origin.
      const merchantHtml = /<body[^>]*>/i.test(first.body)
        ? first.body.replace(/<body[^>]*>/i, (m) => m + BANNER)
        : BANNER + first.body;
      return reply
        .code(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(merchantHtml);
    });

    // ------------------------------------------------------------------ the XML API

    app.post('/epage-remote.cgi', async (request: FastifyRequest, reply: FastifyReply) => {
      const respond = (xml: string) => reply.code(200).header('content-type', 'text/xml; charset=utf-8').send(xml);
      const unsigned = (result: string, message: string, orderId = '') =>
        respond(
          buildXml('response', { timestamp: gpTimestamp(new Date()) }, [
            ['result', result],
            ['message', message],
            ['orderid', orderId],
          ]),
        );
      let doc: ReturnType<typeof parseFlatXml>;
      try {
        doc = parseFlatXml(String(request.body ?? ''));
      } catch {
        return unsigned(RESULT.badField, 'Invalid XML');
      }
      const t = (name: string) => doc.children[name]?.text ?? '';
      const type = doc.attrs.type ?? '';
      const orderId = t('orderid');
      const algorithm: HashAlgorithm = doc.children.sha256hash ? 'sha256' : 'sha1';
      if (doc.root !== 'request' || !['settle', 'void', 'rebate', 'query'].includes(type))
        return unsigned(RESULT.badField, `Unsupported request type ${type}`, orderId);
      if (t('merchantid') !== merchantId) return unsigned(RESULT.badField, 'Merchant ID is invalid', orderId);
      const amountText = t('amount');
      const expected = apiRequestHash(
        {
          type: type as 'settle',
          timestamp: doc.attrs.timestamp ?? '',
          merchantId: t('merchantid'),
          account: t('account'),
          orderId,
          amountMinor: amountText === '' ? undefined : Number(amountText),
          currency: doc.children.amount?.attrs.currency ?? '',
        },
        secret,
        algorithm,
      );
      if (!sameDigest(t(`${algorithm}hash`), expected))
        return unsigned(RESULT.hashMismatch, `${algorithm.toUpperCase()}HASH is incorrect`, orderId);

      // Fault: a query that never answers (the client's timeout fires); the next one answers.
      if (type === 'query' && takeFault('timeout-next-query')) {
        await new Promise<void>((resolve) => request.raw.socket.once('close', () => resolve()));
        apiLog.push({ type, orderId, result: 'timeout', lost: true });
        return reply.hijack();
      }

      const txn = txns.get(orderId);
      let result: string = RESULT.ok;
      let message = '';
      let pasref = txn?.pasref ?? '';
      let authcode = txn?.authcode ?? '';
      let batchId = txn?.batchId ?? '';
      if (!txn || (type !== 'query' && txn.status === 'declined')) {
        apiLog.push({ type, orderId, result: RESULT.notFound, lost: false });
        return unsigned(RESULT.notFound, 'Original transaction not found.', orderId);
      }
      const amount = Number(amountText);
      if (type === 'query') {
        result = txn.result;
        message = txn.message;
      } else if (t('pasref') && t('pasref') !== txn.pasref) {
        return unsigned(RESULT.notFound, 'Original transaction not found (pasref).', orderId);
      } else if (type === 'settle') {
        if (txn.status !== 'authorised') [result, message] = [RESULT.alreadyDone, `Transaction already ${txn.status}`];
        else if (!Number.isSafeInteger(amount) || amount <= 0 || amount > txn.amountMinor)
          return unsigned(RESULT.badAmount, 'Settle amount must not exceed the authorised amount', orderId);
        else {
          txn.status = 'settled';
          txn.settledMinor = amount;
          txn.batchId = digits(6);
          batchId = txn.batchId;
          message = 'Settled Successfully';
        }
      } else if (type === 'void') {
        if (txn.status === 'voided') [result, message] = [RESULT.alreadyDone, 'Transaction already voided'];
        else {
          txn.status = 'voided';
          message = 'Voided Successfully';
        }
      } else {
        if (t('refundhash') !== rebateHash) return unsigned(RESULT.badField, 'Invalid refund hash', orderId);
        if (txn.status !== 'settled') return unsigned(RESULT.notFound, 'Original transaction not settled.', orderId);
        if (!Number.isSafeInteger(amount) || amount <= 0 || txn.rebatedMinor + amount > txn.settledMinor)
          return unsigned(RESULT.badAmount, 'Rebate amount exceeds the settled amount', orderId);
        txn.rebatedMinor += amount;
        pasref = digits(17);
        authcode = '';
        message = 'Rebated Successfully';
      }
      const timestamp = gpTimestamp(new Date());
      let hash = responseHash({ timestamp, merchantId, orderId, result, message, pasref, authcode }, secret, algorithm);
      if (takeFault('tamper-next-response')) hash = hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      const children: [string, string, Record<string, string>?][] = [
        ['merchantid', merchantId],
        ['account', txn.account],
        ['orderid', orderId],
        ['result', result],
        ['message', message],
        ['pasref', pasref],
        ['authcode', authcode],
        ['batchid', batchId],
        ['timetaken', '0'],
      ];
      if (type === 'query') children.push(['amount', String(txn.amountMinor), { currency: txn.currency }]);
      children.push([`${algorithm}hash`, hash]);
      const xml = buildXml('response', { timestamp }, children);
      // Fault: the work is committed, then the reply is lost on the wire.
      const lose = takeFault('lose-next-response', (x) => (x.target ?? 'api') === 'api' && (!x.op || x.op === type));
      apiLog.push({ type, orderId, result, lost: Boolean(lose) });
      if (lose) {
        request.raw.socket.destroy();
        return reply.hijack();
      }
      return respond(xml);
    });

    // ------------------------------------------------------------------ controls for tests and the demo

    app.post('/__sandbox/faults', async (request, reply) => {
      const body = (request.body ?? {}) as Partial<SandboxFault>;
      const kinds: SandboxFaultKind[] = [
        'lose-next-response',
        'timeout-next-query',
        'triple-notify',
        'tamper-next-response',
      ];
      if (!body.kind || !kinds.includes(body.kind))
        return reply.code(400).send({ error: `kind must be one of ${kinds.join(', ')}` });
      faults.push({
        kind: body.kind,
        ...(body.target ? { target: body.target } : {}),
        ...(body.op ? { op: body.op } : {}),
      });
      return { faults };
    });

    app.get('/__sandbox/records', async () => ({
      transactions: [...txns.values()],
      notifications,
      api: apiLog,
      faults,
    }));

    app.post('/__sandbox/reset', async () => {
      sessions.clear();
      txns.clear();
      faults.length = 0;
      notifications.length = 0;
      apiLog.length = 0;
      return { ok: true };
    });
  };
  return plugin;
}
