import { describe, expect, it } from 'vitest';
import { cachedBody } from './cached-body';
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
});
