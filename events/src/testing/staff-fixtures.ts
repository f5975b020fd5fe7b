import type { EventOf } from '../catalogue';

/**
 * A StaffInvited as the invitation handler writes it: `email` sealed by the caller under
 * `accountId`'s key, an invitation that is open for an hour. Override what a test is about.
 */
export function staffInvited(options: {
  accountId: string;
  email: string;
  role?: EventOf<'StaffInvited'>['data']['role'];
  tokenDigest?: string;
}): EventOf<'StaffInvited'> {
  return {
    type: 'StaffInvited',
    data: {
      accountId: options.accountId,
      email: options.email,
      role: options.role ?? 'moderator',
      invitation: {
        tokenDigest: options.tokenDigest ?? 'c'.repeat(64),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    },
  };
}
