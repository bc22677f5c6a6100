import { describe, expect, it } from 'vitest';
import {
  apiRequestHash,
  apiRequestXml,
  billingCode,
  gpHash,
  gpTimestamp,
  HPP_MOBILE_PATTERN,
  hppFormFields,
  hppMobile,
  hppRequestHash,
  merchantResponsePage,
  parseFlatXml,
  readApiResponse,
  responseHash,
  resultErrorKey,
} from './globalpay.protocol.js';

describe('Global Payments hashes: published vectors', () => {
  it('request hash (rxp-hpp-php GenerationUtils test vector)', () => {
    const f = {
      TIMESTAMP: '20120926112654',
      MERCHANT_ID: 'thestore',
      ORDER_ID: 'ORD453-11',
      AMOUNT: '29900',
      CURRENCY: 'EUR',
    };
    expect(hppRequestHash(f, 'mysecret')).toBe('3c3cac74f2b783598b99af6e43246529346d95d1');
  });

  it('response hash (rxp-hpp-php hpp-response-valid.json)', () => {
    const r = {
      timestamp: '20130814122239',
      merchantId: 'thestore',
      orderId: 'ORD453-11',
      result: '00',
      message: 'Successful',
      pasref: '3737468273643',
      authcode: '79347',
    };
    expect(responseHash(r, 'mysecret')).toBe('f093a0b233daa15f2bf44888f4fe75cb652e7bf0');
  });

  it.each([
    ['00', '[ test system ] Authorised', '15011597872195765', '12345', '843680654f377bfa845387fdbace35acc9d95778'],
    ['101', '[ test system ] DECLINED', '15016900517792053', '', '41a73ae4f563c60a0da840af36f078fde1beb4e0'],
    ['102', '[ test system ] REFERRAL B', '15017567624469248', '', '1de7ac3d4128719fe1d7a9217b9a1cce02e2b1c9'],
    ['103', '[ test system ] REFERRAL A', '15017567624469248', '', 'f6ef9e8d2c463ae94e07009954dc83527125bb7e'],
    ['107', 'Fails Fraud Checks', '15016893697197771', '', '7a2fff26deac60f470b5de22c63151f530a22805'],
  ])(
    'response hash for result %s (globalpayments dotnet-sdk GpEcomHppResponseTest)',
    (result, message, pasref, authcode, hash) => {
      const r = {
        timestamp: '20170725154824',
        merchantId: 'MerchantId',
        orderId: 'GTI5Yxb0SumL_TkDMCAxQA',
        result,
        message,
        pasref,
        authcode,
      };
      expect(responseHash(r, 'secret')).toBe(hash);
    },
  );

  it('sha256 uses the same construction', () => {
    expect(gpHash(['a', 'b'], 's', 'sha256')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('management hashes: settle carries amount and currency, void and query do not', () => {
    const base = {
      timestamp: '20180613141207',
      merchantId: 'MerchantId',
      account: 'internet',
      orderId: 'N6qsk4kYRZihmPrTXWYS6g',
    };
    expect(apiRequestHash({ ...base, type: 'settle', amountMinor: 1999, currency: 'EUR' }, 's')).toBe(
      gpHash(['20180613141207', 'MerchantId', 'N6qsk4kYRZihmPrTXWYS6g', '1999', 'EUR', ''], 's'),
    );
    expect(apiRequestHash({ ...base, type: 'void', amountMinor: 1999, currency: 'EUR' }, 's')).toBe(
      gpHash(['20180613141207', 'MerchantId', 'N6qsk4kYRZihmPrTXWYS6g', '', '', ''], 's'),
    );
  });
});

describe('HPP fields', () => {
  const input = {
    timestamp: '20240102030405',
    merchantId: 'm',
    account: 'internet',
    orderId: 'PAY-AAAA-BBBB-CCCC',
    amountMinor: 1999,
    currency: 'GBP',
    customerNumber: '42',
    email: 'a@b.co',
    firstName: 'Maximilianusabc Extra',
    lastName: 'Featherstonehaugh-Smythe',
    phone: '07911 123 456',
    billing: { line1: '10 Downing Street', city: 'London', postCode: 'SW1A 2AA' },
    shippingMatchesBilling: false,
    responseUrl: 'https://shop.example/c3api/checkout/globalpay/response',
    shopOrigin: 'https://shop.example',
    payPal: true,
  };

  it('carries the spec constants, trimmed names, AVS code, phone and a valid hash', () => {
    const f = hppFormFields(input, 'secret');
    expect(f).toMatchObject({
      AUTO_SETTLE_FLAG: '0',
      HPP_VERSION: '2',
      HPP_CHANNEL: 'ECOM',
      HPP_BILLING_COUNTRY: '826',
      HPP_CUSTOMER_FIRSTNAME: 'Maximilianusa',
      HPP_CUSTOMER_LASTNAME: 'Featherstonehaugh-',
      HPP_CUSTOMER_PHONENUMBER_MOBILE: '44|7911123456',
      BILLING_CODE: '12|10',
      HPP_ADDRESS_MATCH_INDICATOR: 'FALSE',
      PM_METHODS: 'cards|paypal',
      AMOUNT: '1999',
    });
    expect(f.SHA1HASH).toBe(
      hppRequestHash(
        { TIMESTAMP: input.timestamp, MERCHANT_ID: 'm', ORDER_ID: input.orderId, AMOUNT: '1999', CURRENCY: 'GBP' },
        'secret',
      ),
    );
    expect(hppFormFields({ ...input, payPal: false }, 'secret').PM_METHODS).toBe('cards');
    expect(hppFormFields(input, 'secret', 'sha256').SHA256HASH).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses fractional amounts and bad order ids', () => {
    expect(() => hppFormFields({ ...input, amountMinor: 19.99 }, 's')).toThrow(RangeError);
    expect(() => hppFormFields({ ...input, orderId: 'a b' }, 's')).toThrow(RangeError);
  });

  it('phone and AVS helpers', () => {
    for (const p of ['07911 123456', '+44 7911 123456', '0044 7911 123456', '7911123456']) {
      expect(hppMobile(p)).toBe('44|7911123456');
      expect(hppMobile(p)).toMatch(HPP_MOBILE_PATTERN);
    }
    expect(billingCode('M1 1AE', 'Flat 3', '22 High St')).toBe('11|3');
    expect(billingCode('M1 1AE', 'Rose Cottage', '22 High St')).toBe('11|22');
    expect(billingCode('EC1A 1BB', '')).toBe('11|');
    expect(gpTimestamp(new Date(Date.UTC(2018, 5, 13, 14, 12, 7)))).toBe('20180613141207');
  });

  it('maps results to the spec error keys', () => {
    expect(resultErrorKey('00')).toBeNull();
    expect(resultErrorKey('101')).toBe('GenericAccountProblem');
    expect(resultErrorKey('102')).toBe('ContactCardIssuer');
    expect(resultErrorKey('103')).toBe('ContactCardIssuer');
    expect(resultErrorKey('205')).toBe('GenericSystemProblem');
    expect(resultErrorKey('301')).toBe('GenericSystemProblem');
    expect(resultErrorKey('505')).toBe('default');
  });
});

describe('XML', () => {
  it('builds and reads requests and responses, escaping text', () => {
    const xml = apiRequestXml(
      {
        type: 'settle',
        timestamp: '20240101000000',
        merchantId: 'm&m',
        account: 'internet',
        orderId: 'o1',
        pasref: 'p',
        amountMinor: 100,
        currency: 'GBP',
      },
      's',
    );
    const doc = parseFlatXml(xml);
    expect(doc.attrs).toEqual({ type: 'settle', timestamp: '20240101000000' });
    expect(doc.children.merchantid?.text).toBe('m&m');
    expect(doc.children.amount).toEqual({ text: '100', attrs: { currency: 'GBP' } });
    const r = readApiResponse(
      '<response timestamp="1"><result>00</result><message><![CDATA[Settled <ok>]]></message><orderid>o1</orderid><sha1hash>ab</sha1hash></response>',
    );
    expect(r).toMatchObject({ result: '00', message: 'Settled <ok>', orderId: 'o1', hash: 'ab' });
  });

  it('the merchant page posts only to the shop origin and escapes script', () => {
    const page = merchantResponsePage({
      shopOrigin: 'https://shop.example',
      confirmationUrl: 'https://shop.example/c?o=</script>',
    });
    expect(page).toContain('"https://shop.example"');
    expect(page).not.toContain('</script>"');
  });
});
