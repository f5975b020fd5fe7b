import { sql } from 'kysely';
import type { Projection } from '../../runner/projection';

/**
 * Table `reconciliations`: each night's comparison of a processor's report with the log, per
 * processor and day. A day reconciled again (the next night's run, or `npm run reconcile`) is
 * replaced by the newer run: the auditor reads the latest answer.
 */
export const reconciliationsProjection: Projection = {
  name: 'reconciliations',
  handles: ['ReconciliationCompleted'],
  async applyBatch(trx, events) {
    for (const event of events) {
      if (event.type !== 'ReconciliationCompleted') continue;
      const { provider, day, processorTransactions, loggedTransactions, differences } = event.data;
      await sql`insert into reconciliations
          (provider, day, processor_transactions, logged_transactions, differences, recorded_at, position)
        values (${provider}, ${day}::date, ${processorTransactions}, ${loggedTransactions},
          ${JSON.stringify(differences)}::jsonb, ${event.recordedAt}, ${event.position})
        on conflict (provider, day) do update set
          processor_transactions = excluded.processor_transactions,
          logged_transactions = excluded.logged_transactions,
          differences = excluded.differences,
          recorded_at = excluded.recorded_at,
          position = excluded.position
        where reconciliations.position < excluded.position`.execute(trx);
    }
  },
};
