import type { paths } from './generated/schema';

/**
 * The JSON body of a path's 200 answer, as the API document declares it (generated/schema.d.ts,
 * from the servers' zod schemas): the SPA's answer types come from here, so a server change the
 * SPA does not follow fails the typecheck.
 *
 * @example
 *   type Staff = Answer<'/api/admin/staff'>['staff'][number];
 *   type Opened = Answer<'/api/staff/invitation', 'post'>;
 */
export type Answer<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete' = 'get'> =
  NonNullable<paths[P][M]> extends { responses: { 200: { content: { 'application/json': infer Body } } } }
    ? Body
    : never;
