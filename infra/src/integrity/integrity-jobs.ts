import type { IntegrityCheckKind, IntegrityCheckView, IntegrityOutcome } from '@nocturne/domain';
import { createPool } from '@nocturne/pg-kit';
import type pg from 'pg';
import { type CheckProgress, type CheckSources, runIntegrityCheck } from './run-check';

/** A running check writes its progress this often at most. */
const PROGRESS_EVERY_MS = 250;
/** A running check not heard from for this long died with its process. */
const STALE_AFTER_SECONDS = 60;

interface CheckRow {
  kind: IntegrityCheckKind;
  state: 'running' | 'done' | 'failed';
  phase: string | null;
  done: string;
  total: string;
  started_at: Date;
  finished_at: Date | null;
  outcome: IntegrityOutcome | null;
  error: string | null;
  stale: boolean;
}

const schemaSql = `
create table if not exists integrity_checks (
  kind text primary key,
  state text not null,
  phase text,
  done bigint not null default 0,
  total bigint not null default 0,
  started_at timestamptz not null,
  finished_at timestamptz,
  heartbeat timestamptz not null,
  outcome jsonb,
  error text
)`;

const columns = `kind, state, phase, done, total, started_at, finished_at, outcome, error,
  (state = 'running' and heartbeat < now() - interval '${STALE_AFTER_SECONDS} seconds') as stale`;

function toView(kind: IntegrityCheckKind, row: CheckRow | undefined): IntegrityCheckView {
  if (!row) {
    return {
      kind,
      state: 'never',
      phase: null,
      done: 0,
      total: 0,
      started_at: null,
      finished_at: null,
      outcome: null,
      error: null,
    };
  }
  return {
    kind,
    state: row.stale ? 'failed' : row.state,
    phase: row.phase,
    done: Number(row.done),
    total: Number(row.total),
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    outcome: row.outcome,
    error: row.stale ? 'The check stopped without finishing: the process running it ended.' : row.error,
  };
}

/**
 * The integrity checks started from the panel. One row per kind in the product's database holds
 * the last run, its progress and its outcome, so whichever process answers the poll (split mode:
 * query-api, while command-api runs the check) reads the same. One check of a kind runs at a
 * time, in whatever process claimed the row; a second start answers the running one.
 */
export class IntegrityJobs {
  private readonly pool: pg.Pool;
  private ready: Promise<unknown> | undefined;

  constructor(private readonly sources: CheckSources) {
    this.pool = createPool({ connectionString: sources.databaseUrl, max: 2 });
  }

  private schema(): Promise<unknown> {
    this.ready ??= this.pool.query(schemaSql).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async read(kind: IntegrityCheckKind): Promise<IntegrityCheckView> {
    await this.schema();
    const { rows } = await this.pool.query<CheckRow>(
      `select ${columns} from integrity_checks where kind = $1`,
      [kind],
    );
    return toView(kind, rows[0]);
  }

  /** Starts the check unless one of this kind is running; answers the check either way. */
  async start(kind: IntegrityCheckKind): Promise<IntegrityCheckView> {
    await this.schema();
    const { rows } = await this.pool.query<CheckRow>(
      `insert into integrity_checks as c (kind, state, started_at, heartbeat)
       values ($1, 'running', now(), now())
       on conflict (kind) do update
         set state = 'running', phase = null, done = 0, total = 0, started_at = now(), finished_at = null,
             heartbeat = now(), outcome = null, error = null
         where c.state <> 'running' or c.heartbeat < now() - interval '${STALE_AFTER_SECONDS} seconds'
       returning ${columns}`,
      [kind],
    );
    if (rows.length === 0) return this.read(kind);
    void this.run(kind);
    return toView(kind, rows[0]);
  }

  private async run(kind: IntegrityCheckKind): Promise<void> {
    let last = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const progress = ({ phase, done, total }: CheckProgress) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      writing = this.pool
        .query(
          `update integrity_checks set phase = $2, done = $3, total = $4, heartbeat = now()
           where kind = $1 and state = 'running'`,
          [kind, phase, done, total],
        )
        .catch(() => {});
    };
    let outcome: IntegrityOutcome | undefined;
    let error: string | undefined;
    try {
      outcome = await runIntegrityCheck(kind, this.sources, progress);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    await writing;
    await this.pool
      .query(
        `update integrity_checks set state = $2, outcome = $3, error = $4, finished_at = now(), heartbeat = now(),
           done = total where kind = $1`,
        [kind, outcome ? 'done' : 'failed', outcome ? JSON.stringify(outcome) : null, error ?? null],
      )
      .catch(() => {});
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
