import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

let outboxDir = '';
afterEach(async () => {
  await rm(outboxDir, { recursive: true, force: true });
});

describe('the development outbox (no SMTP_URL)', () => {
  it('writes the mail and logs its links, naming the user key, never the address', async () => {
    outboxDir = await mkdtemp(join(tmpdir(), 'nocturne-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({
      outboxDir,
      from: 'Nocturne <support@nocturne.test>',
      log: (l) => lines.push(l),
    });
    await mailer.send({
      to: 'reader@nocturne.test',
      subject: 'Reset your password',
      text: 'Choose a new password: http://localhost:3000/auth/reset-password?token=abc.def',
      userKey: 'k3y',
    });
    expect(await readdir(outboxDir)).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^mail "Reset your password" for user k3y written to .+\.eml — http:\/\/localhost:3000\/auth\/reset-password\?token=abc\.def$/,
    );
    expect(lines[0]).not.toContain('reader@');
  });
});
