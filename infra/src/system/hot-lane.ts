import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import {
  type AnyHotAnswer,
  type ErrorReply,
  errorAnswer,
  JSON_TYPE,
  type PreparedAnswer,
} from '@nocturne/http-kit';
import type { FastifyBaseLogger, FastifyServerFactory, FastifyServerOptions, RouteOptions } from 'fastify';

/** A route's hot answer as the lane keeps it: the route's pattern, compiled, and its parameters' names. */
interface HotRoute {
  route: string;
  path: RegExp;
  params: string[];
  answer: AnyHotAnswer;
}

/** A plain route's parameters: none, and one object for every request (the lane's are the thousands). */
const NO_PARAMS: Record<string, string> = Object.freeze({});

/** What the path of a route pattern matches: `:name` one segment, never percent-escaped (the router's to read). */
function compiled(pattern: string): { path: RegExp; params: string[] } {
  if (/[*?()]/.test(pattern)) throw new Error(`A hot answer needs a plain route pattern, not ${pattern}`);
  const params: string[] = [];
  const segments = pattern.split('/').map((segment) => {
    if (!segment.startsWith(':')) return segment.replace(/[.+^${}|[\]\\]/g, '\\$&');
    params.push(segment.slice(1));
    return '([^/%]+)';
  });
  return { path: new RegExp(`^${segments.join('/')}$`), params };
}

/** Told of each answer the lane sends (the metrics and the request log, as the hooks are for the rest). */
export type LaneReport = (request: IncomingMessage, route: string, status: number, elapsedMs: number) => void;

/**
 * A lane in front of Fastify for the few requests that arrive by the thousand. It knows no route
 * by name: it is a table of the hot answers routes declare beside their handlers
 * (`config: { hotAnswer }`, http-kit's hot-answer.ts), filled as Fastify adds each route
 * (`onRoute`). Fastify's routing and its dozen hooks cost a kept answer more CPU than the answer
 * itself (docs/performance.md, "The hot lane"); here such a request is answered with one
 * `writeHead` of headers joined once per answer (the server's security headers, then the
 * answer's own) and its bytes. A command that fails is answered as Fastify's error handler
 * answers (`errorAnswer`). Every request no hot answer takes, and every request once the server
 * is closing (then answered 503 by http-kit's answerWhileClosing), goes to Fastify untouched.
 */
export class HotLane {
  /** The declared hot answers, by method. */
  private readonly routes = new Map<string, HotRoute[]>();
  private report: LaneReport = () => {};
  private log: Pick<FastifyBaseLogger, 'warn' | 'error'> | undefined;
  private closing = false;
  /** The commands whose answers are on their way: closing waits for them. */
  private readonly running = new Set<Promise<void>>();
  /** Each kept answer's whole header list, joined the first time it is sent. */
  private readonly headerLists = new WeakMap<PreparedAnswer, string[]>();

  /** The security headers as `writeHead` takes them, flattened once (not for every answer). */
  private readonly securityHeaders: readonly string[];

  constructor(securityHeaders: ReadonlyArray<readonly [string, string]>) {
    this.securityHeaders = securityHeaders.flat();
  }

  /** Fastify's `onRoute` hook: a route that declares a hot answer joins the table. */
  readonly onRoute = (route: RouteOptions): void => {
    const answer = route.config?.hotAnswer;
    if (!answer) return;
    const { path, params } = compiled(route.url);
    // A HEAD (Fastify adds one beside every GET) is always the handler's: the lane sends bodies.
    for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
      const routes = this.routes.get(method) ?? [];
      routes.push({ route: route.url, path, params, answer });
      this.routes.set(method, routes);
    }
  };

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

  /** The route and answer of the first hot answer that takes the request. */
  private hotAnswerOf(
    request: IncomingMessage,
  ): { route: string; answer: PreparedAnswer | Promise<PreparedAnswer> } | undefined {
    const routes = this.routes.get(request.method ?? '');
    if (!routes) return undefined;
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const query = mark < 0 ? undefined : url.slice(mark + 1);
    for (const { route, path: pattern, params: names, answer } of routes) {
      let params: Record<string, string> = NO_PARAMS;
      if (names.length === 0) {
        if (path !== route) continue;
      } else {
        const found = pattern.exec(path);
        if (!found) continue;
        params = {};
        for (let i = 0; i < names.length; i++) params[names[i]!] = found[i + 1]!;
      }
      const asked = answer.parse({ request, params, query });
      if (asked === undefined) return undefined;
      const answered = answer.run(asked);
      return answered && { route, answer: answered };
    }
    return undefined;
  }

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.closing) return false;
    const started = performance.now();
    const hot = this.hotAnswerOf(request);
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
      ...this.securityHeaders,
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
    const list = [...this.securityHeaders, ...answer.headers];
    if (answer.body) list.push('Content-Length', String(answer.body.length));
    return list;
  }
}
