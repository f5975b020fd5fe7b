import type { IncomingMessage } from 'node:http';

/**
 * A GET that is the same for every visitor (of one region, where the age-assurance policy goes
 * by region), so the server's hot lane may answer it from memory: no viewer (Authorization,
 * X-Admin-Code, a visitor's age token X-Age-Assurance) and no read-your-writes wait
 * (X-Min-Position). A HEAD, and every request that says who asks, is the route's.
 */
export function isVisitorGet(request: IncomingMessage): boolean {
  if (request.method !== 'GET') return false;
  const { headers } = request;
  return (
    headers.authorization === undefined &&
    headers['x-admin-code'] === undefined &&
    headers['x-age-assurance'] === undefined &&
    headers['x-min-position'] === undefined
  );
}
