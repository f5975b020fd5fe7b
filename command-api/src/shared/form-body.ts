import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

/**
 * Accept `application/x-www-form-urlencoded` bodies in the calling plugin's scope (the
 * waitlist and the admin's premium toggle are sent as forms). Skipped when an
 * enclosing scope already parses forms, since Fastify refuses a second parser for a type.
 */
export async function registerFormBody(app: FastifyInstance): Promise<void> {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  await app.register(formBody, { bodyLimit: 16 * 1024 });
}
