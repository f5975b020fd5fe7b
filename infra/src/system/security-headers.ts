import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderSettings {
  /** PUBLIC_URL: https turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string | undefined;
  /** The built SPA, whose inline styles the policy allows by hash. */
  webDist: string | undefined;
}

/**
 * sha256 sources for the inline <style> blocks of the built index.html (the night background
 * painted before the stylesheet arrives), so style-src needs no 'unsafe-inline'. No inline
 * script exists, and none is allowed.
 */
export function inlineStyleHashes(webDist: string | undefined): string[] {
  if (!webDist) return [];
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The security headers on every answer, the same in one process and at the
 * split-mode gateway: a Content-Security-Policy the SPA passes (scripts and styles only from
 * this origin, images also from blob: for upload previews), no framing, nosniff, no referrer
 * sent anywhere, and HSTS (with upgrade-insecure-requests) only when PUBLIC_URL is https: on
 * plain http, such headers would lock browsers out.
 */
function helmetOptions({ publicUrl, webDist }: SecurityHeaderSettings): HelmetOptions {
  const https = publicUrl?.startsWith('https:') === true;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...inlineStyleHashes(webDist)],
        imgSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets for these settings, worked out once: they depend on the settings
 * only. (@fastify/helmet builds helmet's middleware again for every request, parsing the whole
 * policy each time: a measurable share of a cached answer's CPU.)
 */
export function securityHeaderValues(settings: SecurityHeaderSettings): SecurityHeaders {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(helmetOptions(settings))({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return [...headers];
}

/** The security headers, worked out once per server (securityHeaderValues). */
export type SecurityHeaders = ReadonlyArray<readonly [string, string]>;

/** Sets the security headers on every answer, errors and 404s included (a hook on the root). */
export function securityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

type FrameworkErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Fastify answers a request it cannot route (an undecodable URL) through `frameworkErrors`,
 * before any hook runs: the same headers are set there.
 */
export function withSecurityHeaders(
  answer: FrameworkErrorHandler,
  headers: SecurityHeaders,
): FrameworkErrorHandler {
  return (error, request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    answer(error, request, reply);
  };
}
