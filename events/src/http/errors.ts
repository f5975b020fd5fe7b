import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableDetail,
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

/**
 * Every error answer is JSON `{detail}`: HttpError as it is, zod and Fastify validation
 * failures as 400, body limits as 413, rate limits as 429, a database outage as 503 with
 * Retry-After; anything else is a logged 500 with no internals in the answer.
 */
export function installErrorHandling(
  app: FastifyInstance,
  options: { notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown } = {},
): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ detail: describeZodError(error) });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ detail: error.message || 'Bad request' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable: answered 503');
      return reply
        .status(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ detail: databaseUnavailableDetail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
  app.setNotFoundHandler(
    options.notFound ??
      ((request, reply) =>
        reply
          .status(404)
          .send({ detail: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` })),
  );
}
