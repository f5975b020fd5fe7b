import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eraseOutboxMailTo } from './outbox';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const mail = (to: string, body = 'Hello') =>
  `From: Nocturne <support@nocturne.example>\nTo: ${to}\nSubject: Verify\n\n${body}\n`;

describe('eraseOutboxMailTo', () => {
  it("removes the mails addressed to the address (any case, with a name, folded), and no one else's", async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    await writeFile(join(dir, '1.eml'), mail('ada@example.com'));
    await writeFile(join(dir, '2.eml'), mail('"Ada" <ADA@Example.com>'));
    await writeFile(join(dir, '3.eml'), 'From: x@y.z\nTo:\n ada@example.com\nSubject: s\n\nbody\n');
    await writeFile(join(dir, '4.eml'), mail('bob@example.com', 'mentions ada@example.com in the body'));
    await writeFile(join(dir, '5.eml'), mail('xada@example.com'));
    await writeFile(join(dir, 'notes.txt'), 'To: ada@example.com\n');
    expect(await eraseOutboxMailTo(dir, 'Ada@example.com')).toBe(3);
    expect((await readdir(dir)).sort()).toEqual(['4.eml', '5.eml', 'notes.txt']);
  });

  it('is nothing to do when there is no outbox yet', async () => {
    expect(await eraseOutboxMailTo(join(tmpdir(), 'no-such-outbox-folder-x1'), 'a@b.c')).toBe(0);
  });
});
