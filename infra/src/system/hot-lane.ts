import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { HotCommand } from '@nocturne/command-api';
import { type ErrorReply, errorAnswer, JSON_TYPE, type PreparedAnswer } from '@nocturne/http-kit';
import type { HotAnswer } from '@nocturne/query-api';
import type { FastifyBaseLogger, FastifyServerFactory, FastifyServerOptions } from 'fastify';

/**
 * The requests a server answers before its framework: from memory (HotAnswer), or by running the
 * route's own command (HotCommand); undefined for all the rest.
 */
export type HotAnswers = (request: IncomingMessage) => HotAnswer | HotCommand | undefined;

/** Told of each answer the lane sends (the metrics and the request log, as the hooks are for the rest). */
export type LaneReport = (request: IncomingMessage, route: string, status: number, elapsedMs: number) => void;

/**
 * A lane in front of Fastify for the few requests that arrive by the thousand: answers worked
 * out before anyone asks (the anonymous story list, asked by every visitor; and a free
 * story, polled by its readers) and likes, whose command runs here as the route runs
 * it. Fastify's routing and its dozen hooks cost a cached answer more CPU than the answer itself
 * (docs/performance.md, "The hot lane"); here such a request is answered with one `writeHead` of headers joined once per answer
 * (the server's security headers, then the answer's own) and its bytes. A command that fails is
 * answered as Fastify's error handler answers (`errorAnswer`). Every other request, and every
 * request once the server is closing (Fastify then answers 503), goes to Fastify untouched.
 */
export class HotLane {
  private report: LaneReport = () => {};
  private log: Pick<FastifyBaseLogger, 'warn' | 'error'> | undefined;
  private closing = false;
  /** The commands whose answers are on their way: closing waits for them. */
  private readonly running = new Set<Promise<void>>();
  /** Each kept answer's whole header list, joined the first time it is sent. */
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

  /**
   * Where the lane reports its answers, and logs what a failed command is answered for (set once
   * the Fastify app, its logger and metrics exist).
   */
  reportTo(report: LaneReport, log?: Pick<FastifyBaseLogger, 'warn' | 'error'>): void {
    this.report = report;
    this.log = log;
  }

  /**
   * From now on every request goes to Fastify (which refuses new ones while it closes); resolves
   * once the commands already running here have answered, so nothing they need is closed under them.
   */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.running);
  }

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.closing) return false;
    const started = performance.now();
    const hot = this.answers(request);
    if (!hot) return false;
    const send = (answer: PreparedAnswer, headers: string[]) => {
      response.writeHead(answer.status, headers);
      response.end(answer.body);
      this.report(request, hot.route, answer.status, performance.now() - started);
    };
    if (!('then' in hot.answer)) {
      send(hot.answer, this.headerListOf(hot.answer));
      return true;
    }
    // A command's answer is its own: its headers are not kept.
    const running: Promise<void> = hot.answer
      .then(
        (answer) => send(answer, this.headerList(answer)),
        (error: unknown) => {
          const failed = errorAnswer(error, this.log ?? console);
          this.sendError(response, failed);
          this.report(request, hot.route, failed.status, performance.now() - started);
        },
      )
      .finally(() => this.running.delete(running));
    this.running.add(running);
    return true;
  }

  /** A failed command's answer: `{detail}`, as Fastify's error handler sends it. */
  private sendError(response: ServerResponse, failed: ErrorReply): void {
    const body = Buffer.from(JSON.stringify({ detail: failed.detail }));
    response.writeHead(failed.status, [
      ...this.securityHeaders.flat(),
      'Content-Type',
      JSON_TYPE,
      // A command's refusal, as command-api answers it (never kept by a cache).
      'Cache-Control',
      'no-store',
      ...Object.entries(failed.headers).flat(),
      'Content-Length',
      String(body.length),
    ]);
    response.end(body);
  }

  /** A kept answer's whole header list, joined the first time it is sent. */
  private headerListOf(answer: PreparedAnswer): string[] {
    let list = this.headerLists.get(answer);
    if (!list) {
      list = this.headerList(answer);
      this.headerLists.set(answer, list);
    }
    return list;
  }

  /** The security headers, the answer's own, and its length. */
  private headerList(answer: PreparedAnswer): string[] {
    const list = [...this.securityHeaders.flat(), ...answer.headers];
    if (answer.body) list.push('Content-Length', String(answer.body.length));
    return list;
  }
}
