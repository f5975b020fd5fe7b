import type { EventLogBrowser } from '@nocturne/events/store';
import {
  LOG_BROWSER_CONNECTION_OPTIONS,
  PostgresLogBrowser,
} from '@nocturne/events/store/postgres/log-browser';
import pg from 'pg';

/** One statement a route's query sent, as PostgreSQL ran it (EXPLAIN ANALYZE, BUFFERS). */
export interface StatementPlan {
  /** The plan's outline: each node's type and its index or table, a node's inputs after "<". */
  outline: string;
  executionMs: number;
  planningMs: number;
  /** Shared buffers found in PostgreSQL's cache, and read from outside it. */
  hit: number;
  read: number;
  rows: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

type Explained = { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }] };

function outlineOf(node: PlanNode): string {
  const on = node['Index Name'] ?? node['Relation Name'];
  const self = `${node['Node Type']}${on ? ` ${on}` : ''}`;
  const inputs = (node.Plans ?? []).map(outlineOf);
  return inputs.length > 0 ? `${self} < ${inputs.join(', ')}` : self;
}

/**
 * The plans of a route's query as the store's own browser sends it, on one connection opened as
 * the browser's are: each statement is EXPLAINed (ANALYZE, BUFFERS), then run, so that a
 * statement whose rows decide the next one (a time range's second step) leads on as it would.
 */
export async function statementPlans(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, options: LOG_BROWSER_CONNECTION_OPTIONS });
  await client.connect();
  let plans: StatementPlan[] = [];
  const explaining = {
    async query(text: string, values: unknown[]) {
      const { rows } = await client.query<Explained>(
        `explain (analyze, buffers, format json) ${text}`,
        values,
      );
      const [{ Plan: plan, 'Execution Time': executionMs, 'Planning Time': planningMs }] =
        rows[0]!['QUERY PLAN'];
      plans.push({
        outline: outlineOf(plan),
        executionMs,
        planningMs,
        hit: plan['Shared Hit Blocks'],
        read: plan['Shared Read Blocks'],
        rows: plan['Actual Rows'],
      });
      return client.query(text, values);
    },
  } as unknown as pg.Pool;
  const browser = new PostgresLogBrowser(explaining);
  return {
    async of(query: (browser: EventLogBrowser) => Promise<unknown>): Promise<StatementPlan[]> {
      plans = [];
      await query(browser);
      return plans;
    },
    close: () => client.end(),
  };
}
