// autocannon ships no types; the part the benchmarks use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send: the request to send (a fresh path each time, say). */
    setupRequest?: (request: Request) => Request;
  }
  /** One connection (internal but for `setupClient`): its queue of requests in flight. */
  export interface Client {
    pipelinedRequests?: { addBody?: (data: Buffer) => void };
  }
  interface Options {
    url: string;
    /** Called with each connection's client as it is made. */
    setupClient?: (client: Client) => void;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** A sequence each connection cycles through. */
    requests?: Request[];
  }
  interface Stat {
    average: number;
    total: number;
  }
  export interface Result {
    requests: Stat;
    throughput: Stat;
    latency: { p50: number; p99: number; max: number };
    '2xx': number;
    non2xx: number;
    '3xx': number;
    errors: number;
    timeouts: number;
  }
  interface Instance extends EventEmitter {
    on(event: 'response', listener: (client: unknown, statusCode: number) => void): this;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
