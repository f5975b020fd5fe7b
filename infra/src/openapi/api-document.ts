import fastifySwagger from '@fastify/swagger';
import { type CommandApiDeps, commandApi } from '@nocturne/command-api';
import { ADMIN_ROLES, rolesAllowed } from '@nocturne/domain';
import { ErrorAnswer } from '@nocturne/http-kit';
import { type QueryApiDeps, queryApi } from '@nocturne/query-api';
import Fastify from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { openApiRoute } from './openapi-route';
import { type ApiDocument, withSharedConventions } from './shared-conventions';

const description = [
  'Every answer is JSON; every refusal is a 4xx with `{detail}`, a sentence for a person, and changes nothing.',
  'Commands (every method but GET and HEAD) answer with `X-Event-Position`; send the highest one seen as',
  '`X-Min-Position` and queries wait (about 2 s at most) until they reflect it.',
  'Any request with a wrong `X-Admin-Code` is a 401, and too many of them from one client a 429, on every route.',
  'A command may carry an `Idempotency-Key` naming the action: the same request sent again with the same key is answered',
  'as the first time and stores nothing more (a retry after a lost answer or a 503 is then safe); the key sent with',
  'another request is another action.',
  'An admin session belongs to the owner or to a staff member in a role; a route the role may not call is a 403',
  '(each such route names the roles it allows).',
  'The statuses any route may answer whatever its own rules are the shared `components.responses`,',
  'listed on each operation they apply to.',
].join(' ');

type SwaggerTransform = Parameters<typeof jsonSchemaTransform>[0];

/**
 * A route the permission table closes to some role documents its 403 and the roles it allows,
 * from the table itself (events domain staff.ts), so the document and the server cannot differ.
 */
function withRoles(input: SwaggerTransform): SwaggerTransform {
  const method = [input.route.method].flat()[0] ?? 'GET';
  const allowed = rolesAllowed(method, input.url);
  if (!allowed || allowed.length === ADMIN_ROLES.length) return input;
  const schema = input.schema as { description?: string; response?: Record<number, unknown> };
  const roles = `Admin roles allowed: ${allowed.join(', ')}.`;
  return {
    ...input,
    schema: {
      ...input.schema,
      description: schema.description ? `${schema.description} ${roles}` : roles,
      response: {
        ...schema.response,
        403: {
          description: `X-Admin-Code of a role the route is closed to (allowed: ${allowed.join(', ')})`,
          content: { 'application/json': { schema: ErrorAnswer } },
        },
      },
    },
  };
}

/** Only the public API is documented: the split-mode /internal routes are not part of it. */
function publicApiOnly(input: SwaggerTransform) {
  if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
  return jsonSchemaTransform(withRoles(input));
}

/**
 * The OpenAPI 3.1 document of the whole HTTP API, made from the zod schemas on the routes (the
 * ones their handlers parse with). Both APIs are registered on a Fastify instance of its own that
 * never listens, so one-process mode and split mode's query-api (which serves only GETs but
 * documents every route) produce the same document from the same code.
 */
export async function buildApiDocument(deps: { command: CommandApiDeps; query: QueryApiDeps }) {
  const app = Fastify({ logger: false });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nocturne API',
        version: '1',
        description,
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the API is served by the same origin as the product, whichever that is.
      servers: [{ url: '/', description: 'The origin that serves the product' }],
      components: {
        securitySchemes: {
          admin: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Admin-Code',
            description: 'The admin password (opens a session) or an admin session token',
          },
          user: { type: 'http', scheme: 'bearer', description: 'The session token from /api/auth/login' },
        },
      },
    },
    transform: publicApiOnly,
  });
  await app.register(commandApi, deps.command);
  await app.register(queryApi, deps.query);
  await app.register(openApiRoute(async () => ({})));
  await app.ready();
  const document = withSharedConventions(app.swagger() as unknown as ApiDocument);
  await app.close();
  return document;
}

/** Built once, on the first request for it (and tried again on the next one if that failed). */
export function lazyApiDocument(deps: { command: CommandApiDeps; query: QueryApiDeps }) {
  let document: ReturnType<typeof buildApiDocument> | undefined;
  return () => {
    document ??= buildApiDocument(deps).catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    return document;
  };
}
