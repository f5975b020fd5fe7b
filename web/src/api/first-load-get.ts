import type { Answer } from './answer';
import { api, type RequestOptions } from './client';
import type { paths } from './generated/schema';

/** The API's GET paths that take no path parameter. */
type PlainGetPath = {
  [P in keyof paths]: paths[P] extends { get: object; parameters: { path?: never } } ? P : never;
}[keyof paths];

/**
 * A typed GET for the calls every page makes on its first load (the session check, the site's
 * settings, the landing's counts and tags). The path and the answer are the API document's, as
 * with the typed client, but without openapi-fetch: the landing's first script stays within its
 * budget, and the typed client loads with the pages that need it.
 *
 * @example
 *   const me = await firstLoadGet('/api/auth/me', { token });
 */
export const firstLoadGet = <P extends PlainGetPath>(
  path: P,
  options: Pick<RequestOptions, 'token' | 'signal'> = {},
): Promise<Answer<P>> => api<Answer<P>>(path, options);
