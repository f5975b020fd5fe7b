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

/** What a timeline row says beside its event: amounts, stories, an assurance's method. */
export function rowDetails(row: TimelineRow, erased: boolean): string {
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
      return `story ${row.story_id}`;
    case 'PremiumUnlockReturned':
      return `story ${row.story_id} (withdrawn)`;
    case 'AgeAssured':
      return `${assuranceMethods[row.assurance_method ?? ''] ?? row.assurance_method} (${row.assurance_provider}), until ${row.assured_until ? when(row.assured_until) : 'unknown'}`;
    default:
      return '';
  }
}
