import type { AccountHistory } from './replay-account-history';
import type { UserHistory } from './replay-user-history';

const describe = (entry: UserHistory['timeline'][number]): string => {
  const d = entry.details;
  switch (entry.type) {
    case 'PaymentConfirmationSubmitted':
      return `payment confirmation: $${d.amount}${d.payment_method ? ` via ${d.payment_method}` : ''}${
        d.transaction_id ? `, transaction ${d.transaction_id}` : ''
      }`;
    case 'PremiumGranted':
      return `premium granted: +${d.stories} stories${d.purchase_id ? ` (paid, purchase ${d.purchase_id})` : ''}`;
    case 'PremiumRevoked':
      return `premium revoked${d.purchase_id ? ` (purchase ${d.purchase_id}, ${d.reason})` : ''}`;
    case 'AccountFlaggedForStaff':
      return `flagged for the staff: ${d.reason} of purchase ${d.purchase_id}`;
    case 'PremiumStoryUnlocked':
      return `premium story unlocked: ${d.story_id}`;
    case 'PremiumUnlockReturned':
      return `premium unlock returned: ${d.story_id} (the story was ${d.reason})`;
    case 'AgeAssured':
      return `age assured: ${d.assurance_method} (${d.assurance_provider}), until ${d.assured_until}`;
    case 'UserRegistered':
      return 'registered';
    case 'EmailVerified':
      return 'e-mail verified';
    case 'UserDeleted':
      return 'account deleted (personal data erased)';
    default:
      return entry.type;
  }
};

/** The replay as text for the terminal (`npm run audit`), of an address or of an account by id. */
export function formatHistory(history: UserHistory | AccountHistory): string {
  const subject = 'account_id' in history ? `account ${history.account_id}` : history.stream;
  const lines = [
    `Audit of ${subject} as of ${history.as_of}`,
    `Account: ${history.email ?? (history.state.deleted ? '[erased]' : '[no account]')}`,
    '',
    'Timeline:',
    ...(history.timeline.length === 0
      ? ['  (no events)']
      : history.timeline.map((entry) => `  ${entry.at}  ${describe(entry)}  by ${entry.who}`)),
    '',
    'State:',
    `  status: ${history.state.deleted ? 'deleted' : history.state.registered ? 'registered' : 'none'}`,
    `  premium: ${history.state.premium ? 'yes' : 'no'}`,
    `  premium stories remaining: ${history.state.stories_remaining}`,
    `  premium stories unlocked: ${
      history.state.stories_unlocked.length === 0 ? 'none' : history.state.stories_unlocked.join(', ')
    }`,
  ];
  return `${lines.join('\n')}\n`;
}
