import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { PreparedAnswer } from '@nocturne/events/http';
import type { HotAnswer } from '@nocturne/query-api';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';

/** The requests a server answers from memory, before its framework: undefined for all the rest. */
export type HotAnswers = (request: IncomingMessage) => HotAnswer | undefined;

/** Told of each answer the lane sends (the metrics and the request log, as the hooks are for the rest). */
export type LaneReport = (request: IncomingMessage, route: string, status: number, elapsedMs: number) => void;

/**
 * A lane in front of Fastify for answers that are worked out before anyone asks (issue 11: the
 * anonymous story list, asked by every visitor; and a free story, polled by its readers).
 * Fastify's routing and its dozen hooks cost a cached answer about twice the CPU of the answer
 * itself; here such a request is answered with one `writeHead` of headers joined once per answer
 * (the server's security headers, then the answer's own) and its kept bytes. Every other
 * request, and every request once the server is closing (Fastify then answers 503), goes to
 * Fastify untouched.
 */
export class HotLane {
  private report: LaneReport = () => {};
  private closing = false;
  /** Each prepared answer's whole header list, joined the first time it is sent. */
  private readonly headerLists = new WeakMap<PreparedAnswer, string[]>();

  constructor(
    private readonly answers: HotAnswers,
    private readonly securityHeaders: ReadonlyArray<readonly [string, string]>,
  ) {}

  /** Fastify's `serverFactory`: an HTTP server whose requests pass the lane first. */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const settings = options as FastifyServerOptions & { http?: ServerOptions };
    const server: Server = createServer(settings.http ?? {}, (request, response) => {
      if (!this.answer(request, response)) handler(request, response);
    });
    // What Fastify sets on a server it makes itself.
    if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
    if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout ?? 0);
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };

  /** Where the lane reports its answers (set once the Fastify app, its logger and metrics exist). */
  reportTo(report: LaneReport): void {
    this.report = report;
  }

  /** From now on every request goes to Fastify (which refuses new ones while it closes). */
  close(): void {
    this.closing = true;
  }

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.closing) return false;
    const started = performance.now();
    const hot = this.answers(request);
    if (!hot) return false;
    response.writeHead(hot.answer.status, this.headerListOf(hot.answer));
    response.end(hot.answer.body);
    this.report(request, hot.route, hot.answer.status, performance.now() - started);
    return true;
  }

  private headerListOf(answer: PreparedAnswer): string[] {
    let list = this.headerLists.get(answer);
    if (!list) {
      list = [...this.securityHeaders.flat(), ...answer.headers];
      if (answer.body) list.push('Content-Length', String(answer.body.length));
      this.headerLists.set(answer, list);
    }
    return list;
  }
}
