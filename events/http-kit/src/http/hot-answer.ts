import type { IncomingMessage } from 'node:http';
import type { PreparedAnswer } from './prepared-answer';

/** What the lane hands a hot answer: the request, its route's path parameters, its query string. */
export interface HotRequest {
  request: IncomingMessage;
  /** The route pattern's parameters (`:id`), as they stand in the path (never percent-escaped). */
  params: Readonly<Record<string, string>>;
  /** What follows `?` (without it); undefined when the URL has none. */
  query: string | undefined;
}

/**
 * A route's hot answer, declared in its own options beside its handler
 * (`{ schema, config: { hotAnswer } }`): the server's hot lane answers the requests it takes before
 * the framework's routing and hooks, exactly as the handler would. The lane matches the route's
 * method and path; `parse` reads the rest of the request, `run` answers it. Whatever either
 * leaves (undefined) goes on to the route, which answers it as always: so the handler stays the
 * whole contract, and the hot answer is a shortcut through the same code.
 */
export interface HotAnswer<Asked = unknown> {
  /** What the request asks, when the hot answer takes it; undefined leaves it to the route. */
  parse(asked: HotRequest): Asked | undefined;
  /**
   * Its answer: at hand (a prepared answer, or undefined when it is not: the route's then), or a
   * command on its way, rejecting with what the route would have thrown (answered as Fastify's
   * error handler answers it).
   */
  run(asked: Asked): PreparedAnswer | Promise<PreparedAnswer> | undefined;
}

/** A hot answer of any route, as the lane keeps them (each `run` takes back its own `parse`'s). */
export type AnyHotAnswer = HotAnswer<unknown>;

/** Declares a route's hot answer, its `Asked` checked between `parse` and `run`. */
export const hotAnswer = <Asked>(answer: HotAnswer<Asked>): AnyHotAnswer => answer as AnyHotAnswer;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's hot answer (hot-answer.ts). */
    hotAnswer?: AnyHotAnswer;
  }
}
