import type { PiiVault } from '@nocturne/vault';
import type { MailMessage } from '../../mail/mailer';
import type { ReactorContext } from '../../runner/reactor';

/**
 * A reactor's context for unit tests: a vault that opens the sealed values given (null: the
 * account's key was destroyed), and a mailer that keeps what it is asked to send in `sent`.
 */
export function reactorContext(addresses: Record<string, string | null>) {
  const sent: MailMessage[] = [];
  const open = (value: string) => addresses[value] ?? null;
  const vault: PiiVault = {
    encrypt: async () => {
      throw new Error('not used');
    },
    decrypt: async (value) => open(value),
    decryptMany: async (values) => values.map(open),
    destroy: async () => {},
  };
  const ctx: ReactorContext = {
    vault,
    mailer: { send: async (m) => void sent.push(m) },
    publicUrl: 'https://nocturne.test/',
    supportEmail: 'help@nocturne.test',
    secret: 'server-secret',
  };
  return { ctx, sent };
}
