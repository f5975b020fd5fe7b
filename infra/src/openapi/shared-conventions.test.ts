import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { committedDocumentPath } from './committed-document';
import {
  type ApiDocument,
  type Operation,
  operationIdOf,
  sharedResponses,
  sharedResponsesFor,
  withSharedConventions,
} from './shared-conventions';

const committed = JSON.parse(readFileSync(committedDocumentPath, 'utf8')) as ApiDocument;
const operations = Object.entries(committed.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ method, path, operation })),
);
const parameterNames = (operation: Operation) =>
  (operation.parameters ?? []).map((parameter) =>
    typeof parameter.$ref === 'string'
      ? String(
          (committed.components!.parameters as Record<string, { name: string }>)[
            parameter.$ref.split('/').at(-1)!
          ]?.name,
        )
      : String(parameter.name),
  );

describe('the committed API document', () => {
  it('has servers, a licence, and more than 40 operations', () => {
    expect(committed.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(committed.info.license).toEqual(expect.objectContaining({ name: expect.any(String) }));
    expect(operations.length).toBeGreaterThan(40);
  });

  it('gives every operation a unique operationId and a security entry ([] when public)', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations) {
      expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
    }
    expect(committed.paths['/api/site']?.get?.security).toEqual([]);
    expect(committed.paths['/api/auth/me']?.get?.security).toEqual([{ user: [] }]);
  });

  it('lists HEAD beside every GET, with the same statuses', () => {
    for (const [path, byMethod] of Object.entries(committed.paths)) {
      if (!byMethod.get) continue;
      expect(byMethod.head, path).toBeDefined();
      expect(Object.keys(byMethod.head!.responses).sort(), path).toEqual(
        Object.keys(byMethod.get.responses).sort(),
      );
    }
  });

  it('attaches the shared statuses to every operation they apply to', () => {
    for (const { method, path, operation } of operations) {
      for (const name of sharedResponsesFor(method)) {
        const { status, description } = sharedResponses[name];
        const response = operation.responses[status];
        expect(response, `${method} ${path} ${status}`).toBeDefined();
        if (response && '$ref' in response) expect(response.$ref).toBe(`#/components/responses/${name}`);
        else expect(response?.description, `${method} ${path} ${status}`).toContain(description);
      }
    }
  });

  it('declares the request headers: X-Min-Position on queries, Idempotency-Key on the rest', () => {
    for (const { method, path, operation } of operations) {
      const names = parameterNames(operation);
      if (method === 'get' || method === 'head')
        expect(names, `${method} ${path}`).toContain('X-Min-Position');
      else expect(names, `${method} ${path}`).toContain('Idempotency-Key');
    }
    expect(parameterNames(committed.paths['/api/stories']!.get!)).toContain('If-None-Match');
  });

  it('declares the response headers of read-your-writes, paging and caching', () => {
    const headersOf = (path: string, method: string, status: string) =>
      Object.keys((committed.paths[path]![method]!.responses[status] as { headers?: object }).headers ?? {});
    expect(headersOf('/api/stories/{id}/like', 'post', '200')).toContain('X-Event-Position');
    expect(headersOf('/api/stories', 'get', '200')).toEqual(
      expect.arrayContaining(['X-Projected-Position', 'ETag', 'X-Next-Cursor', 'X-Total-Count']),
    );
    expect(headersOf('/api/stories/{id}', 'get', '304')).toContain('ETag');
    // Found by the contract proxy: a 304 of the list repeats its paging headers.
    expect(headersOf('/api/stories', 'get', '304')).toEqual(
      expect.arrayContaining(['ETag', 'X-Next-Cursor', 'X-Total-Count']),
    );
    expect(headersOf('/api/images/{name}', 'get', '304')).toContain('ETag');
    expect(headersOf('/api/auth/me', 'get', '401')).toContain('WWW-Authenticate');
    expect(headersOf('/api/auth/login', 'post', '429')).toContain('Retry-After');
  });
});

describe('withSharedConventions', () => {
  const source = (): ApiDocument => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/api/things/{id}': {
        get: { summary: 'A thing', responses: { 200: { description: 'The thing' } } },
        post: {
          summary: 'Change a thing',
          security: [{ admin: [] }],
          responses: {
            200: { description: 'Changed' },
            401: { description: 'Admin access required' },
          },
        },
      },
    },
  });

  it('keeps a route’s own status and says the shared case is one too', () => {
    const post = withSharedConventions(source()).paths['/api/things/{id}']!.post!;
    const own = post.responses['401'] as { description: string };
    expect(own.description).toMatch(/^Admin access required; or: /);
    expect(post.responses['413']).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
    expect(post.operationId).toBe('postThingsById');
    expect(post.security).toEqual([{ admin: [] }]);
  });

  it('adds a HEAD twin without bodies and a [] security to a public route, leaving the input as it was', () => {
    const input = source();
    const paths = withSharedConventions(input).paths['/api/things/{id}']!;
    expect(paths.head?.operationId).toBe('headThingsById');
    expect(paths.get?.security).toEqual([]);
    expect(input.paths['/api/things/{id}']!.head).toBeUndefined();
  });

  it('derives operationIds from method and path', () => {
    expect(operationIdOf('get', '/api/openapi.json')).toBe('getOpenapiJson');
    expect(operationIdOf('put', '/api/admin/users/{email}/subscription')).toBe(
      'putAdminUsersByEmailSubscription',
    );
  });
});
