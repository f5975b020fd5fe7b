import { describe, expect, it } from 'vitest';
import { formatTable, newRow, rowFailed } from './fault-row';

const recovered = (fault: string) => {
  const row = newRow(fault, 1);
  row.recoverMs.push(400);
  return row;
};

describe('a fault row', () => {
  it('passes when nothing was lost, repeated or stale and it recovered', () => {
    expect(rowFailed(recovered('projector SIGKILL'))).toBe(false);
  });

  it.each([
    {
      when: 'a mail went twice across a takeover, as another message',
      twice: 1,
      resent: 0,
      missing: 0,
      fails: true,
    },
    { when: 'an acknowledged sign-up was never mailed', twice: 0, resent: 0, missing: 1, fails: true },
    { when: 'every sign-up was mailed once', twice: 0, resent: 0, missing: 0, fails: false },
    {
      when: 'the relay took a mail again under its own Message-ID',
      twice: 0,
      resent: 1,
      missing: 0,
      fails: false,
    },
  ])('with sign-ups: fails is $fails when $when', ({ twice, resent, missing, fails }) => {
    const row = recovered('leading projector SIGKILL');
    row.mail = { signups: 40, twice, resent, missing };
    expect(rowFailed(row)).toBe(fails);
  });

  it('prints the mails of a row that made sign-ups, and a dash for one that did not', () => {
    const withMail = recovered('leading projector SIGKILL');
    withMail.mail = { signups: 40, twice: 0, resent: 3, missing: 2 };
    const [header, , mailed, plain] = formatTable([withMail, recovered('NATS stopped and started')]);
    const column = header!
      .split('|')
      .findIndex((cell) => cell.trim() === 'e-mails sent twice, not sent; resent (same Message-ID)');
    expect(column).toBeGreaterThan(0);
    expect(mailed!.split('|')[column]!.trim()).toBe('0, 2; 3 (of 40 sign-ups)');
    expect(plain!.split('|')[column]!.trim()).toBe('-');
  });

  it('fails when a takeover took longer than its limit', () => {
    const row = newRow('leading projector SIGKILL', 1);
    row.recoverLimitMs = 5_000;
    row.recoverMs.push(5_001);
    expect(rowFailed(row)).toBe(true);
  });
});
