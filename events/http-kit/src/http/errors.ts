import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import {
  appendOutcomeUnknownDetail,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableDetail,
  isAppendOutcomeUnknown,
  isDatabaseUnavailable,
} from './database-unavailable';

/** A refusal with a status and a `detail` the client shows as is. Nothing was written. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** The first zod issue, phrased for a person: "email: Invalid email address". */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that cannot be
 * decoded, such as `%ZZ`) are answered in the same `{detail}` shape as every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .status(status)
    .send({ detail: error.code === 'FST_ERR_BAD_URL' ? 'The address is not a valid URL' : error.message });
}

/** What an error is answered with: its status, headers beyond the JSON type, and the `detail`. */
export interface ErrorReply {
  status: number;
  headers: Record<string, string>;
  detail: string;
}

type ErrorLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * Every error answer is JSON `{detail}`: HttpError as it is, zod and Fastify validation
 * failures as 400, body limits as 413, rate limits as 429, a database outage as 503 with
 * Retry-After (saying that nothing was saved only when that is known); anything else is a logged 500 with no internals in the answer. One function for
 * Fastify's error handler and the server's hot lane (infra/src/system/hot-lane.ts).
 */
export function errorAnswer(error: unknown, log: ErrorLog): ErrorReply {
  if (error instanceof HttpError)
    return { status: error.statusCode, headers: error.headers, detail: error.detail };
  if (error instanceof ZodError) return { status: 400, headers: {}, detail: describeZodError(error) };
  const status = (error as FastifyError | null)?.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, headers: {}, detail: (error as Error).message || 'Bad request' };
  }
  // Before the outage check: such an error wraps an outage's, but something may have been saved.
  if (isAppendOutcomeUnknown(error)) {
    log.warn({ cause: (error as Error).message }, 'append outcome unknown: answered 503');
    return {
      status: 503,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      detail: appendOutcomeUnknownDetail,
    };
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable: answered 503');
    return {
      status: 503,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      detail: databaseUnavailableDetail,
    };
  }
  log.error({ err: error }, 'unhandled error');
  return { status: 500, headers: {}, detail: 'Something went wrong on our side. Please try again.' };
}

/** Every error of `app` answered by errorAnswer; unknown routes by `notFound` or a `{detail}` 404. */
export function installErrorHandling(
  app: FastifyInstance,
  options: { notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown } = {},
): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = errorAnswer(error, request.log);
    return reply.status(answer.status).headers(answer.headers).send({ detail: answer.detail });
  });
  app.setNotFoundHandler(
    options.notFound ??
      ((request, reply) =>
        reply
          .status(404)
          .send({ detail: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` })),
  );
}
