import { cachedBody } from '@nocturne/http-kit';
import { describe, expect, it } from 'vitest';
import { PersonalAnswers } from './personal-answers';

describe('PersonalAnswers (a reader’s own list, kept briefly)', () => {
  it('keys by viewer, snapshot, known position and URL: another viewer or a later position never matches', () => {
    const key = PersonalAnswers.key('Bearer ann', 10, 12, '/api/stories');
    expect(PersonalAnswers.key('Bearer bob', 10, 12, '/api/stories')).not.toBe(key);
    expect(PersonalAnswers.key('Bearer ann', 11, 12, '/api/stories')).not.toBe(key);
    expect(PersonalAnswers.key('Bearer ann', 10, 13, '/api/stories')).not.toBe(key);
    expect(PersonalAnswers.key('Bearer ann', 10, 12, '/api/stories?limit=5')).not.toBe(key);
    expect(key).not.toContain('ann');
  });

  it('forgets an answer after its age and the least recently used beyond its size', () => {
    const answers = new PersonalAnswers({ maxEntries: 2, maxAgeMs: 100 });
    const body = cachedBody('[]');
    answers.set('a', body, 0);
    answers.set('b', body, 0);
    expect(answers.get('a', 50)).toBe(body); // a is now the most recent
    answers.set('c', body, 60);
    expect(answers.get('b', 60)).toBeUndefined();
    expect(answers.get('a', 101)).toBeUndefined();
    expect(answers.get('c', 150)).toBe(body);
  });

  it('makes an answer once for the requests of its key that come while it is made, and keeps it', async () => {
    const answers = new PersonalAnswers<string>();
    let made = 0;
    let finish: (body: string) => void = () => {};
    const make = () => {
      made += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const first = answers.answer('ann', make);
    const second = answers.answer('ann', make);
    const other = answers.answer('bob', async () => 'bob’s');
    finish('ann’s');
    expect(await Promise.all([first, second, other])).toEqual(['ann’s', 'ann’s', 'bob’s']);
    expect(await answers.answer('ann', make)).toBe('ann’s');
    expect(made).toBe(1);
  });

  it('does not keep a failure: the requests waiting get it, the next one makes the answer again', async () => {
    const answers = new PersonalAnswers<string>();
    let fail = true;
    const make = async () => {
      if (fail) throw new Error('the database is down');
      return 'made';
    };
    const [first, second] = [answers.answer('ann', make), answers.answer('ann', make)];
    await expect(first).rejects.toThrow('the database is down');
    await expect(second).rejects.toThrow('the database is down');
    fail = false;
    expect(await answers.answer('ann', make)).toBe('made');
  });
});
