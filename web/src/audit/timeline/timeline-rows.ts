import { storyTitle } from '../../admin/story-title';
import type { TimelineRow } from '../audit-api';
import { ERASED } from './timeline-export';

/** Each audited event as the timeline names it. */
export const eventLabels: Record<string, string> = {
  UserRegistered: 'Signed up',
  EmailVerified: 'E-mail verified',
  PaymentConfirmationSubmitted: 'Purchase confirmation',
  PremiumGranted: 'Premium granted',
  PremiumRevoked: 'Premium revoked',
  AccountFlaggedForStaff: 'Flagged for the staff',
  PremiumStoryUnlocked: 'Premium story unlocked',
  PremiumUnlockReturned: 'Premium unlock returned',
  AgeAssured: 'Age assured',
  UserDeleted: 'Account erased',
};

/** An instant in the reader's own time. */
export const when = (iso: string) => new Date(iso).toLocaleString();

/** An age assurance's method as the assurance screen names it. */
const assuranceMethods: Record<string, string> = {
  wallet: 'digital identity wallet',
  hosted: 'hosted age check',
};

/**
 * A story as the console names it: its opening words with the start of its id beside (the whole
 * id is in the export); its id alone once it is gone from the library (`texts` has no entry).
 */
export function storyName(id: string, texts: Readonly<Record<string, string>>): string {
  const text = Object.hasOwn(texts, id) ? texts[id] : undefined;
  return text ? `“${storyTitle(text, 48)}” (${id.slice(0, 8)})` : `story ${id}`;
}

/**
 * What a timeline row says beside its event: amounts, stories (by name, from the timeline's
 * `story_texts`), an assurance's method.
 */
export function rowDetails(
  row: TimelineRow,
  erased: boolean,
  texts: Readonly<Record<string, string>> = {},
): string {
  switch (row.event) {
    case 'PaymentConfirmationSubmitted':
      return [
        `$${row.amount}`,
        row.discount ? `discount $${row.discount}` : 'no discount',
        `via ${row.payment_method}`,
        `transaction ${erased ? ERASED : (row.transaction_id ?? 'none')}`,
      ].join(', ');
    case 'PremiumGranted':
      return row.transaction_id
        ? `+${row.stories} premium stories, paid $${row.amount} via ${row.payment_method}, transaction ${row.transaction_id}`
        : `+${row.stories} premium stories`;
    case 'PremiumStoryUnlocked':
      return storyName(row.story_id ?? '', texts);
    case 'PremiumUnlockReturned':
      return `${storyName(row.story_id ?? '', texts)}, withdrawn`;
    case 'AgeAssured':
      return `${assuranceMethods[row.assurance_method ?? ''] ?? row.assurance_method} (${row.assurance_provider}), until ${row.assured_until ? when(row.assured_until) : 'unknown'}`;
    default:
      return '';
  }
}
