import type { PiiVault } from './vault';

const SEALED = 'pii:v1:';

/** True for a value the vault sealed (`pii:v1:...`), false for plain text. */
export function isSealed(value: string): boolean {
  return value.startsWith(SEALED);
}

/**
 * Personal fields that were plain text in events recorded before they were encrypted (an admin's
 * IP address in an event's metadata): a sealed value is decrypted (null once its owner is
 * erased), plain text is returned as it was recorded. One vault round trip for all of them.
 */
export async function openPersonalFields(
  vault: PiiVault,
  values: readonly string[],
): Promise<(string | null)[]> {
  const opened = await vault.decryptMany(values.filter(isSealed));
  let next = 0;
  return values.map((value) => (isSealed(value) ? opened[next++]! : value));
}

export async function openPersonalField(vault: PiiVault, value: string): Promise<string | null> {
  return (await openPersonalFields(vault, [value]))[0]!;
}

type PaymentData = { transactionId: string | null; legacyTransactionId?: string | null | undefined };

/**
 * The transaction ids of PaymentConfirmationSubmitted events: encrypted since version 2 (null
 * once the account is erased), plain text in events recorded as version 1 (see
 * catalogue/upcasters.ts). One vault round trip for all of them.
 */
export async function transactionIdsOf(
  vault: PiiVault,
  data: readonly PaymentData[],
): Promise<(string | null)[]> {
  const opened = await vault.decryptMany(data.flatMap((d) => (d.transactionId ? [d.transactionId] : [])));
  let next = 0;
  return data.map((d) => (d.transactionId ? opened[next++]! : (d.legacyTransactionId ?? null)));
}

export async function transactionIdOf(vault: PiiVault, data: PaymentData): Promise<string | null> {
  return (await transactionIdsOf(vault, [data]))[0]!;
}

type PenNameData = {
  penName: string | null;
  handle: string | null;
  legacyPenName?: string | null | undefined;
  legacyHandle?: string | null | undefined;
};

export interface OpenedPenName {
  penName: string;
  handle: string;
}

/**
 * The pen names of PenNameChosen events: sealed since version 2 (null once the account is
 * erased), plain text in events recorded as version 1. One vault round trip for all of them.
 */
export async function penNamesOf(
  vault: PiiVault,
  data: readonly PenNameData[],
): Promise<(OpenedPenName | null)[]> {
  const opened = await openPersonalFields(
    vault,
    data.flatMap((d) => [d.penName ?? d.legacyPenName ?? '', d.handle ?? d.legacyHandle ?? '']),
  );
  return data.map((_, i) => {
    const penName = opened[2 * i];
    const handle = opened[2 * i + 1];
    return penName && handle ? { penName, handle } : null;
  });
}

export async function penNameOf(vault: PiiVault, data: PenNameData): Promise<OpenedPenName | null> {
  return (await penNamesOf(vault, [data]))[0]!;
}

type PaymentMethodData = { paymentMethod: string | null; legacyPaymentMethod?: string | null | undefined };

/**
 * The payment methods of PaymentConfirmationSubmitted events: sealed since version 3 (null once
 * the account is erased), plain text in events recorded before. One vault round trip for all.
 */
export async function paymentMethodsOf(
  vault: PiiVault,
  data: readonly PaymentMethodData[],
): Promise<(string | null)[]> {
  const opened = await vault.decryptMany(data.flatMap((d) => (d.paymentMethod ? [d.paymentMethod] : [])));
  let next = 0;
  return data.map((d) => (d.paymentMethod ? opened[next++]! : (d.legacyPaymentMethod ?? null)));
}

export async function paymentMethodOf(vault: PiiVault, data: PaymentMethodData): Promise<string | null> {
  return (await paymentMethodsOf(vault, [data]))[0]!;
}

type DigestPenNameData = { penName: string | null; legacyPenName?: string | undefined };

/**
 * The creators' pen names a DigestSent tells of: sealed under each creator's key since version 2
 * (null once that creator is erased), plain text in digests recorded as version 1. One vault
 * round trip for all of them.
 */
export async function digestPenNamesOf(
  vault: PiiVault,
  stories: readonly DigestPenNameData[],
): Promise<(string | null)[]> {
  const opened = await vault.decryptMany(stories.flatMap((s) => (s.penName ? [s.penName] : [])));
  let next = 0;
  return stories.map((s) => (s.penName ? opened[next++]! : (s.legacyPenName ?? null)));
}

type FreeTextData = { text: string | null; legacyText?: string | undefined };

/**
 * What a reporter or an appealing creator wrote (StoryReported, DecisionAppealed): sealed under
 * the writer's key since version 2 (null once the writer is erased), plain text in events
 * recorded as version 1, '' when nothing was written. One vault round trip for all of them.
 */
export async function freeTextsOf(
  vault: PiiVault,
  data: readonly FreeTextData[],
): Promise<(string | null)[]> {
  const opened = await vault.decryptMany(data.flatMap((d) => (d.text ? [d.text] : [])));
  let next = 0;
  return data.map((d) => (d.text ? opened[next++]! : (d.legacyText ?? '')));
}
