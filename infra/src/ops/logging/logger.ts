import type { FastifyServerOptions } from 'fastify';
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

/** JSON lines for machines; on a terminal, pino-pretty's coloured one-liners for people. */
function stdoutDestination(): LogDestination {
  if (!process.stdout.isTTY) return process.stdout;
  return PinoPretty({
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
 * Fastify's `logger` option for every server of the product (one process, each split-mode
 * service, the gateway): Fastify's own two lines per request are off (`disableRequestLogging`,
 * set beside this by `serverLogging`); request-log.ts writes one. Requests serialise as method
 * and path only: no query string, no headers, e-mail segments replaced.
 */
export function serverLogging(
  settings: LoggerSettings,
): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> {
  if (settings.level === 'silent') return { logger: false, disableRequestLogging: true };
  return {
    disableRequestLogging: true,
    logger: {
      level: settings.level ?? 'info',
      stream: redacting(settings.destination ?? stdoutDestination()),
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
