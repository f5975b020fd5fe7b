import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flexpaySignature, flexpaySignedParams, hasValidFlexpaySignature } from './flexpay-signature';

// The test vectors of Verotel's own FlexPay clients: flexpay-php-client
// (tests/VerotelFlexPayClientTest.php) and flexpay4j (FlexPayClientTest.kt).
const key = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';
const description = 'My Dščřčřřěřě&?=blah123';
const clientParams = (successURL: string): Record<string, string> => ({
  saleID: '433456',
  priceAmount: '0.00',
  referenceID: 'reference1234',
  priceCurrency: 'USD',
  custom1: 'My',
  description,
  subscriptionType: 'RECURRING',
  period: 'P1M',
  name: 'My name',
  trialAmount: '0.01',
  trialPeriod: 'P3D',
  successURL,
  declineURL: 'http://declineURL.test',
  cancelDiscountPercentage: '30',
  blah: 'something',
});

describe('FlexPay signature', () => {
  it("gives the PHP client's signature of its parameters (the shop id added, unknown names left out)", () => {
    const signed = flexpaySignedParams(clientParams('http://backURL.test'));
    expect(signed).not.toHaveProperty('blah');
    expect(flexpaySignature(key, '68849', signed)).toBe(
      'ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2',
    );
  });

  it("gives the Java client's signature, whose parameters carry their own shop id", () => {
    const params = { shopID: '68849', ...clientParams('http://successURL.test') };
    expect(flexpaySignature(key, '60678', flexpaySignedParams(params))).toBe(
      '1a790e1ebf654b9a38884a5c9a867a7e57134f103a1c9c8d9854da794a839d03',
    );
  });

  it("gives the Java client's purchase link signature (email unsigned)", () => {
    const link = {
      priceAmount: '45.20',
      priceCurrency: 'EUR',
      description,
      paymentMethod: 'CC',
      email: 'foo@example.com',
      custom1: 'custom1',
      custom2: 'custom2',
      custom3: 'custom3',
      referenceID: 'ref1',
      successURL: 'http://example.com/approve',
      declineURL: 'http://example.com/decline',
      type: 'purchase',
      version: '4',
    };
    expect(flexpaySignature(key, '60678', flexpaySignedParams(link))).toBe(
      '08a33095ae3f4cee4ba25bc50a4076d11c008b84e40423a1cd436c29d2a9225b',
    );
  });

  it('is the SHA-256 of the key and the sorted pairs, as Verotel documents it ("aaB:custom1=xyz:custom2=:shopID=123")', () => {
    const expected = createHash('sha256').update('aaB:custom1=xyz:custom2=:shopID=123').digest('hex');
    expect(flexpaySignature('aaB', '123', { custom2: '', custom1: 'xyz' })).toBe(expected);
  });
});

describe('FlexPay postback signature check', () => {
  // The Java client's postback example: every parameter but the signature is signed.
  const postback = {
    shopID: '68849',
    priceAmount: '0.00',
    referenceID: 'reference1234',
    priceCurrency: 'USD',
    custom1: 'My',
    description,
    subscriptionType: 'RECURRING',
    period: 'P1M',
    name: 'My name',
    trialAmount: '0.01',
    trialPeriod: 'P3D',
    successURL: 'http://successURL.test',
    declineURL: 'http://declineURL.test',
    cancelDiscountPercentage: '30',
    signature: '0df722dd32b8a9f68e3ae4e3f226651eba1397d7928862635ba32674dc7bed6a',
  };

  it("accepts the client's signed postback, in upper case too", () => {
    expect(hasValidFlexpaySignature(key, '60678', postback)).toBe(true);
    expect(
      hasValidFlexpaySignature(key, '60678', { ...postback, signature: postback.signature.toUpperCase() }),
    ).toBe(true);
  });

  it('refuses a tampered parameter, an added one, a removed one, another key, and no signature', () => {
    expect(hasValidFlexpaySignature(key, '60678', { ...postback, priceAmount: '15.00' })).toBe(false);
    expect(hasValidFlexpaySignature(key, '60678', { ...postback, custom2: 'Your' })).toBe(false);
    const { custom1: _dropped, ...withoutCustom1 } = postback;
    expect(hasValidFlexpaySignature(key, '60678', withoutCustom1)).toBe(false);
    expect(hasValidFlexpaySignature(`${key}x`, '60678', postback)).toBe(false);
    const { signature: _none, ...unsigned } = postback;
    expect(hasValidFlexpaySignature(key, '60678', unsigned)).toBe(false);
    expect(hasValidFlexpaySignature(key, '60678', { ...postback, signature: 'zz' })).toBe(false);
  });

  it('refuses the SHA-1 form', () => {
    const { signature: _s, ...signed } = postback;
    const sha1 = createHash('sha1')
      .update(
        [
          key,
          ...Object.keys(signed)
            .sort()
            .map((name) => `${name}=${signed[name as keyof typeof signed]}`),
        ].join(':'),
      )
      .digest('hex');
    expect(hasValidFlexpaySignature(key, '60678', { ...signed, signature: sha1 })).toBe(false);
  });
});
