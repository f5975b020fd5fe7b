import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * The routes' schemas are documentation (the OpenAPI document at GET /api/openapi.json, made by
 * infra from these zod schemas): each handler still parses its input itself, with the same zod
 * schema, so the product's messages, their order (rate limits and admin checks first) and status
 * codes stay exactly as they are. These compilers make Fastify accept a zod schema on a route
 * without validating with it (the handler does) or serialising with it (plain JSON.stringify,
 * as without a schema).
 */
export function documentationOnlySchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** Every refusal: a status and a `detail` for a person (never a stack, never internals). */
export const ErrorAnswer = z.object({ detail: z.string() }).describe('The reason, phrased for a person');

/** The error statuses the API answers. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

interface Answer {
  description: string;
  /** The JSON body; omitted: no body (204). */
  schema?: z.ZodType;
  /** Default application/json. */
  contentType?: string;
}

export interface RouteDoc {
  summary: string;
  tags: string[];
  body?: z.ZodType;
  /** The body's media types, when not JSON (multipart, forms). */
  consumes?: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  /** Who may call it: the security schemes of the document (`admin`, `user`). */
  security?: ('admin' | 'user')[];
  /** The success answers by status. */
  ok: Record<number, Answer>;
  /** Each refusal the route gives, with when. */
  errors: Partial<Record<ErrorStatus, string>>;
}

/** An answer with a body names its media type; one without is `null` (how OpenAPI tools read "no body"). */
const documented = (answer: Answer) =>
  answer.schema
    ? {
        description: answer.description,
        content: { [answer.contentType ?? 'application/json']: { schema: answer.schema } },
      }
    : z.null().describe(answer.description);

/** A route's schema (Fastify's `schema` option): its input and every answer, for the document. */
export function apiSchema(doc: RouteDoc): FastifySchema {
  const response: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(doc.ok)) {
    response[Number(status)] = documented(answer);
  }
  for (const [status, when] of Object.entries(doc.errors)) {
    response[Number(status)] = {
      description: when,
      content: { 'application/json': { schema: ErrorAnswer } },
    };
  }
  return {
    summary: doc.summary,
    tags: doc.tags,
    ...(doc.body ? { body: doc.body } : {}),
    ...(doc.consumes ? { consumes: doc.consumes } : {}),
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    ...(doc.headers ? { headers: doc.headers } : {}),
    ...(doc.security ? { security: doc.security.map((scheme) => ({ [scheme]: [] })) } : {}),
    response,
  } as FastifySchema;
}
