/**
 * `npm run openapi`: writes the API document to web/src/api/generated/openapi.json, the file the
 * SPA's typed client is generated from and Redocly lints. The document is the one the server
 * answers at /api/openapi.json (openapi.int.test.ts compares the two), built here without a
 * database: registering the routes reads their declarations only, so the services they would
 * use are stand-ins that nothing calls.
 */
import { writeFileSync } from 'node:fs';
import type { CommandApiDeps } from '@nocturne/command-api';
import type { QueryApiDeps } from '@nocturne/query-api';
import { buildApiDocument } from './api-document';
import { committedDocumentPath, serialisedDocument } from './committed-document';

/**
 * Stand-in services: any property is another stand-in, any call returns one. Fastify's own
 * registration options (prefix, log level...) read as absent, as in a plain options object.
 */
function standIn(): unknown {
  const absent = new Set(['then', 'prefix', 'logLevel', 'logSerializers', 'childLoggerFactory']);
  const handler: ProxyHandler<object> = {
    get: (_target, key) => {
      if (key === Symbol.toPrimitive) return () => 'stand-in';
      return typeof key === 'symbol' || absent.has(key) ? undefined : callable;
    },
    apply: () => callable,
    construct: () => callable,
  };
  const callable: object = new Proxy(() => {}, handler);
  return new Proxy({}, handler);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const deps = standIn();
  const document = await buildApiDocument({
    command: deps as CommandApiDeps,
    query: deps as QueryApiDeps,
  });
  writeFileSync(committedDocumentPath, serialisedDocument(document));
  console.log(`wrote ${committedDocumentPath}`);
  // Stand-ins may have started timers; nothing else is left to do.
  process.exit(0);
}
