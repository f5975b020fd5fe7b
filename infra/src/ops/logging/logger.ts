import { type FastifyServerOptions, LogController } from 'fastify';
import PinoPretty from 'pino-pretty';
import { loggablePath, redactEmails } from './redact';

/** Where log lines go: anything with `write(line)` (process.stdout, a test's collector). */
export interface LogDestination {
  write(line: string): unknown;
}

export interface LoggerSettings {
  /** LOG_LEVEL; `silent` turns the logger off. */
  level?: string | undefined;
  /** Default: stdout, pretty and coloured when it is a terminal, JSON lines otherwise. */
  destination?: LogDestination | undefined;
}

/**
 * The lines logged during one turn of the event loop, written out together at its end: one
 * write per turn instead of one per line. Stdout is a file or a pipe, written synchronously, a
 * system call each time; under load a turn answers dozens of requests, and line by line the
 * request log would take a large share of the throughput of the cheapest answers
 * (docs/performance.md, "Logs"). No line waits longer than
 * its turn, and the last turn's are written when the process exits.
 */
function linesPerTurn(out: LogDestination): LogDestination {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const lines = pending;
    pending = '';
    out.write(lines);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      if (pending === '') setImmediate(flush);
      pending += line;
    },
  };
}

/** One batching destination per stream: every server of the process shares it (and its exit hook). */
const batched = new WeakMap<object, LogDestination>();

/** JSON lines for machines; on a terminal, pino-pretty's coloured one-liners for people. */
export function consoleDestination(
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): LogDestination {
  if (!out.isTTY) {
    const destination = batched.get(out) ?? linesPerTurn(out);
    batched.set(out, destination);
    return destination;
  }
  return PinoPretty({
    destination: out,
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime,route,method,path,status,durationMs',
    singleLine: true,
  });
}

/**
 * The last guard before a line is written: whatever a handler or a library put in a message or
 * an error (a PostgreSQL detail quoting a value), an e-mail address never reaches the log.
 */
function redacting(destination: LogDestination): LogDestination {
  return { write: (line: string) => destination.write(redactEmails(line)) };
}

/**
 * Fastify's logging options for every server of the product (one process, each split-mode
 * service, the gateway): Fastify's own two lines per request ("incoming request", "request
 * completed") are off (`disableRequestLogging`, through the LogController that Fastify 5.12
 * prefers to the top-level option); request-log.ts writes one instead. Requests serialise as method
 * and path only: no query string, no headers, e-mail segments replaced.
 */
export function serverLogging(
  settings: LoggerSettings,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const logController = new LogController({ disableRequestLogging: true });
  if (settings.level === 'silent') return { logger: false, logController };
  return {
    logController,
    logger: {
      level: settings.level ?? 'info',
      stream: redacting(settings.destination ?? consoleDestination()),
      serializers: {
        req: (request: { method?: string; url?: string }) => ({
          method: request.method,
          path: loggablePath(request.url ?? ''),
        }),
        res: (reply: { statusCode?: number }) => ({ status: reply.statusCode }),
      },
    },
  };
}
