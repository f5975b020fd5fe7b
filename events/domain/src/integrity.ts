/**
 * The two integrity checks an auditor runs from the panel (or the command line): the log's hash
 * chain, and the read models against a rebuild from the log. They read and compare; they change
 * nothing. The API's answer for one check, shared by servers and SPA.
 */
export const INTEGRITY_CHECKS = ['log', 'read-models'] as const;
export type IntegrityCheckKind = (typeof INTEGRITY_CHECKS)[number];

export const isIntegrityCheckKind = (value: unknown): value is IntegrityCheckKind =>
  typeof value === 'string' && (INTEGRITY_CHECKS as readonly string[]).includes(value);

/** One difference between a live read model and its rebuild. */
export interface ReadModelDifferenceView {
  table: string;
  key: string;
  column: string;
  live: string;
  rebuilt: string;
}

export interface IntegrityOutcome {
  /** The log is intact / the read models are equal. */
  ok: boolean;
  /** The sentence the command line prints too. */
  summary: string;
  /** Intact or equal through this position; or the first position that is not. */
  position: number;
  /** The log's head hash (hex) when it verified intact. */
  head_hash: string | null;
  /** Read models only: the differences found (at most 100). */
  differences: ReadModelDifferenceView[];
}

export interface IntegrityCheckView {
  kind: IntegrityCheckKind;
  /** `never`: not run since the product was installed. */
  state: 'never' | 'running' | 'done' | 'failed';
  /** What the running check is doing (`hashing`, `projecting`, `comparing`), with its progress. */
  phase: string | null;
  done: number;
  total: number;
  started_at: string | null;
  finished_at: string | null;
  outcome: IntegrityOutcome | null;
  /** Why a failed check could not finish. */
  error: string | null;
}
