import { AppendOutcomeUnknownError } from '@nocturne/events/store';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { appendOutcomeUnknownDetail, isDatabaseUnavailable } from './database-unavailable';
import { installErrorHandling } from './errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a database outage', () => {
  it('is recognised by socket code, SQLSTATE, node-postgres message, and through cause or AggregateError', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('08001'),
      withCode('53300'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('append failed', { cause: withCode('ECONNREFUSED') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('is not a bug or bad input', () => {
    for (const error of [
      new Error('boom'),
      withCode('23505', 'duplicate key'),
      withCode('22P05', 'unsupported Unicode escape sequence'),
      withCode('42P01', 'relation does not exist'),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('is answered 503 with Retry-After and a detail; any other error stays a 500', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/down', async () => {
      throw withCode('57P01', 'terminating connection due to administrator command');
    });
    app.get('/bug', async () => {
      throw new Error('boom');
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ detail: expect.stringMatching(/try again/) });
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});

describe('an append whose outcome is not known', () => {
  it('is a 503 with Retry-After that never says nothing was saved (a committed group whose flush failed was answered "Nothing was saved")', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.post('/like', async () => {
      throw new AppendOutcomeUnknownError(true, {
        cause: withCode('57P01', 'terminating connection due to administrator command'),
      });
    });
    const answer = await app.inject({ method: 'POST', url: '/like' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ detail: appendOutcomeUnknownDetail });
    expect(appendOutcomeUnknownDetail).not.toMatch(/nothing was saved/i);
    await app.close();
  });
});
