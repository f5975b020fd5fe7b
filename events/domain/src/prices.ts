/** 15 USD one-time; 10 USD with the valid discount code. */
export const FULL_PRICE = 15;
export const DISCOUNTED_PRICE = 10;

/** The only amounts a payment confirmation may carry. */
export const PRICES = [FULL_PRICE, DISCOUNTED_PRICE] as const;
export type Price = (typeof PRICES)[number];

export const isPrice = (amount: number): amount is Price => (PRICES as readonly number[]).includes(amount);

/**
 * The discount code as compared (case-insensitively, surrounding blanks
 * ignored). The comparison itself is done in constant time by the server.
 */
export const discountCodeKey = (code: string): string => code.trim().toLowerCase();

export const paymentMessages = {
  badAmount: 'amount: must be 15 or 10',
} as const;
