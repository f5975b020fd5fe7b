import { documentationOnlySchemas } from '@nocturne/http-kit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { QueryApiDeps } from '../deps';
import { siteInfoRoutes } from './site-info';

describe('GET /api/site', () => {
  it('serves the configured support address', async () => {
    const app = Fastify();
    // As queryApi does: the route's zod schema is documentation (GET /api/openapi.json).
    documentationOnlySchemas(app);
    const deps = { options: { supportEmail: 'help@nocturne.test' } } as unknown as QueryApiDeps;
    await app.register(siteInfoRoutes, deps);
    const response = await app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ support_email: 'help@nocturne.test' });
    await app.close();
  });
});
