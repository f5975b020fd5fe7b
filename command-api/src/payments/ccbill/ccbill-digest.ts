import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * CCBill's digests are MD5 in lower-case hex over values written one after another, with the
 * subaccount's encryption key ("salt") last. A FlexForms dynamic price of a single billing
 * signs `initialPrice` (two decimals), `initialPeriod` (days) and the numeric `currencyCode`:
 * "10.00" + "30" + "840" + salt.
 */
export function ccbillFormDigest(
  price: { initialPrice: string; initialPeriod: string; currencyCode: string },
  salt: string,
): string {
  return md5(`${price.initialPrice}${price.initialPeriod}${price.currencyCode}${salt}`);
}

/**
 * The digest CCBill gives back with an approved dynamic-pricing sale
 * (`dynamicPricingValidationDigest`): the subscription id, "1", and the salt.
 */
export function ccbillApprovalDigest(subscriptionId: string, salt: string): string {
  return md5(`${subscriptionId}1${salt}`);
}

/** Whether `digest` is CCBill's approval digest of the subscription, compared in constant time. */
export function isCcbillApprovalDigest(digest: string, subscriptionId: string, salt: string): boolean {
  if (!/^[0-9a-fA-F]{32}$/.test(digest)) return false;
  return timingSafeEqual(
    Buffer.from(digest.toLowerCase(), 'hex'),
    Buffer.from(ccbillApprovalDigest(subscriptionId, salt), 'hex'),
  );
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
