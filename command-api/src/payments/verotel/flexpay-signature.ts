import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Verotel FlexPay's signature: the lower-case hex SHA-256 of the shop's signature key followed
 * by every `name=value` pair, sorted by name, all joined with ":". The shop id always takes part
 * (added when the parameters lack it). A purchase link signs only the parameters FlexPay
 * defines (`flexpaySignedParams`); a postback's signature covers every parameter it carries
 * except the signature itself. Built to the rules of Verotel's own clients (flexpay-php-client,
 * flexpay4j) and checked against their test vectors.
 */
export function flexpaySignature(
  signatureKey: string,
  shopId: string,
  params: Readonly<Record<string, string>>,
): string {
  const withShop = 'shopID' in params ? params : { ...params, shopID: shopId };
  const pairs = Object.keys(withShop)
    .sort(byCodeUnits)
    .map((name) => `${name}=${withShop[name]}`);
  return createHash('sha256')
    .update([signatureKey, ...pairs].join(':'), 'utf8')
    .digest('hex');
}

/**
 * Whether `params.signature` is FlexPay's signature of the other parameters, compared in
 * constant time. Only SHA-256 is accepted: the SHA-1 form older clients still accept is not.
 */
export function hasValidFlexpaySignature(
  signatureKey: string,
  shopId: string,
  params: Readonly<Record<string, string>>,
): boolean {
  const { signature, ...signed } = params;
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(flexpaySignature(signatureKey, shopId, signed), 'hex');
  return timingSafeEqual(Buffer.from(signature.toLowerCase(), 'hex'), expected);
}

/** The parameters a FlexPay order link signs; any other (such as `email`) is sent unsigned. */
const SIGNED_ORDER_PARAM =
  /^(version|shopID|price(Amount|Currency)|paymentMethod|description|referenceID|saleID|custom[123]|subscriptionType|period|name|trialAmount|trialPeriod|cancelDiscountPercentage|type|successURL|declineURL|precedingSaleID|upgradeOption|mcc|subCreditorName|subCreditorId|subCreditorCountry)$/;

export function flexpaySignedParams(params: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([name]) => SIGNED_ORDER_PARAM.test(name)));
}

/** PHP's ksort and Java's sorted map order names by their characters, as JavaScript's default sort does. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
