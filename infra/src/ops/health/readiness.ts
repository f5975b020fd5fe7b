import type { ProjectionStatus, ReactorFailure } from '@nocturne/projector';

/** What the readiness check looks at; each service passes what it has (health-routes.ts). */
export interface ReadinessSources {
  /** Resolves when the database answers; rejects when it does not. */
  database(): Promise<void>;
  /** Every projection's checkpoint, stop and lag (projector's projectionStatus). */
  projections(): Promise<ProjectionStatus[]>;
  /** The mail reactor's pending and failed deliveries (projector's reactorFailures). */
  mail(): Promise<{ retrying: ReactorFailure[]; failed: ReactorFailure[] }>;
}

export interface ReadinessOptions {
  /** A projection further behind the head of the log than this is not ready (default 5 s). */
  maxLagMs?: number;
  /** A source that has not answered by then counts as down (default 2 s). */
  timeoutMs?: number;
}

export interface ProjectionReport {
  name: string;
  position: number;
  lagSeconds: number;
  state: 'running' | 'behind' | 'stopped';
  /** The event it could not apply. */
  stoppedAt?: { position: number; eventType: string; reason: string };
}

export interface MailFailureReport {
  position: number;
  eventType: string;
  reason: string;
  attempts: number;
  at: string;
}

export interface ReadinessReport {
  ready: boolean;
  /** One sentence per reason for not being ready; empty when ready. */
  problems: string[];
  database: 'ok' | 'unreachable';
  projections: ProjectionReport[];
  /**
   * Listed, but never a reason for 503: a refused address is one recipient's problem; taking
   * the service out of its load balancer would stop everyone's mail and mend nothing.
   */
  mail: {
    retrying: (MailFailureReport & { nextAttemptAt: string | null })[];
    refused: (MailFailureReport & { state: 'refused' | 'gave-up' })[];
  };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Why a source failed, without a connection string or a query's values: code, else class. */
function failure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error && /did not answer/.test(error.message) ? 'timeout' : 'error';
}

/**
 * Ready when the database answers and every projection runs no more than `maxLagMs` behind the
 * head of the log. Each source is asked at once, each under its own timeout, so a hung
 * database gives a prompt 503, not a hung probe.
 */
export async function checkReadiness(
  sources: ReadinessSources,
  options: ReadinessOptions = {},
): Promise<ReadinessReport> {
  const maxLagMs = options.maxLagMs ?? 5000;
  const timeoutMs = options.timeoutMs ?? 2000;
  const [database, projections, mail] = await Promise.allSettled([
    within(sources.database(), timeoutMs, 'the database'),
    within(sources.projections(), timeoutMs, 'the projection checkpoints'),
    within(sources.mail(), timeoutMs, 'the mail failures'),
  ]);
  const problems: string[] = [];
  if (database.status === 'rejected') problems.push(`database unreachable (${failure(database.reason)})`);
  else if (projections.status === 'rejected') {
    problems.push(`projection checkpoints unreadable (${failure(projections.reason)})`);
  }
  const reports: ProjectionReport[] = [];
  for (const p of projections.status === 'fulfilled' ? projections.value : []) {
    const report: ProjectionReport = {
      name: p.name,
      position: p.position,
      lagSeconds: seconds(p.lagMs),
      state: p.stopped ? 'stopped' : p.lagMs > maxLagMs ? 'behind' : 'running',
    };
    if (p.stopped) {
      const { position, eventType, reason } = p.stopped;
      report.stoppedAt = { position, eventType, reason };
      problems.push(
        `projection ${p.name} stopped at position ${position}: cannot apply ${eventType} (${reason})`,
      );
    } else if (report.state === 'behind') {
      problems.push(`projection ${p.name} is ${report.lagSeconds} s behind the head of the log`);
    }
    reports.push(report);
  }
  const failures = mail.status === 'fulfilled' ? mail.value : { retrying: [], failed: [] };
  const base = (f: ReactorFailure): MailFailureReport => ({
    position: f.position,
    eventType: f.eventType,
    reason: f.reason,
    attempts: f.attempts,
    at: f.updatedAt.toISOString(),
  });
  return {
    ready: problems.length === 0,
    problems,
    database: database.status === 'fulfilled' ? 'ok' : 'unreachable',
    projections: reports,
    mail: {
      retrying: failures.retrying.map((f) => ({
        ...base(f),
        nextAttemptAt: f.nextAttemptAt?.toISOString() ?? null,
      })),
      refused: failures.failed.map((f) => ({
        ...base(f),
        state: f.state === 'gave-up' ? 'gave-up' : 'refused',
      })),
    },
  };
}
