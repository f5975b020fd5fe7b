import type { FastifyReply } from 'fastify';

/** The Content-Type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An answer worked out before it is asked for: its status, its headers (name, value, name,
 * value...: the flat form `ServerResponse.writeHead` takes) and its body. The same object is
 * sent through Fastify (`sendPrepared`) or straight to the socket by the server's hot lane
 * (infra/src/system/hot-lane.ts), so both ways send the same answer.
 */
export interface PreparedAnswer {
  status: 200 | 304;
  headers: readonly string[];
  body: Buffer | undefined;
}

/** Sends a prepared answer through Fastify (its hooks add what every answer carries). */
export function sendPrepared(reply: FastifyReply, answer: PreparedAnswer) {
  reply.status(answer.status);
  for (let i = 0; i < answer.headers.length; i += 2) reply.header(answer.headers[i]!, answer.headers[i + 1]);
  return reply.send(answer.body);
}
