import { open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The development outbox: without SMTP_URL, mails are written here as .eml files (mailer.ts). */
export function outboxDirOf(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** Enough of a file to hold its headers (nodemailer writes them first). */
const HEAD_BYTES = 16 * 1024;

/** The addresses of the To header of an .eml file's head (folded lines joined), lower case. */
function recipientsOf(head: string): string[] {
  const headers = head.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const to = headers.split(/\r?\n/).find((line) => /^to:/i.test(line));
  if (!to) return [];
  return (to.slice(3).match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []).map((a) => a.toLowerCase());
}

/**
 * Erasure: removes every mail in the outbox addressed to `address`, so a deleted
 * user's verification and reset mails do not outlive the account. Returns how many went.
 */
export async function eraseOutboxMailTo(outboxDir: string, address: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const wanted = address.trim().toLowerCase();
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = join(outboxDir, name);
    const handle = await open(file, 'r').catch(() => null);
    if (!handle) continue; // removed meanwhile
    let head: string;
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
      head = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
    if (recipientsOf(head).includes(wanted)) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
