import { type EventOf, type NoticeKind, type PaymentProvider, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { Notifier } from '@nocturne/notify';
import { type Command, command, type Decider } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { announceAppended } from '../shared/reply';

/** One transaction, on either side: the processor's report, or the notices the log holds. */
export interface LedgerLine {
  transactionId: string;
  kind: NoticeKind;
  amountCents: number;
  currency: string;
}

export type Difference = EventOf<'ReconciliationCompleted'>['data']['differences'][number];

/**
 * The differences between the processor's transactions of a day (`there`) and the log's
 * (`here`): paid there but not here, here but not there, amounts or currencies that differ.
 * `excused` are transaction ids the processor reports on a neighbouring day (a notice received
 * just after midnight): not "here but not there".
 */
export function differencesOf(
  there: readonly LedgerLine[],
  here: readonly LedgerLine[],
  excused: ReadonlySet<string> = new Set(),
): Difference[] {
  const side = (line: LedgerLine) => ({ amountCents: line.amountCents, currency: line.currency });
  const logged = new Map(here.map((line) => [line.transactionId, line]));
  const reported = new Map(there.map((line) => [line.transactionId, line]));
  const differences: Difference[] = [];
  for (const line of there) {
    const mine = logged.get(line.transactionId);
    if (!mine) {
      differences.push({
        transactionId: line.transactionId,
        kind: line.kind,
        issue: 'missing_here',
        here: null,
        there: side(line),
      });
    } else if (mine.amountCents !== line.amountCents || mine.currency !== line.currency) {
      differences.push({
        transactionId: line.transactionId,
        kind: line.kind,
        issue: 'amount_differs',
        here: side(mine),
        there: side(line),
      });
    }
  }
  for (const line of here) {
    if (reported.has(line.transactionId) || excused.has(line.transactionId)) continue;
    differences.push({
      transactionId: line.transactionId,
      kind: line.kind,
      issue: 'missing_there',
      here: side(line),
      there: null,
    });
  }
  return differences.sort((a, b) => (a.transactionId < b.transactionId ? -1 : 1));
}

type ReconcileDay = Command<
  'ReconcileDay',
  {
    provider: PaymentProvider;
    day: string;
    there: readonly LedgerLine[];
    here: readonly LedgerLine[];
    excused: ReadonlySet<string>;
  }
>;
type ReconciliationEvent = EventOf<'ReconciliationCompleted'>;

/** Every run records its result: the newest on the day's stream is the day's answer. */
const reconciliationDecider: Decider<ReconcileDay, null, ReconciliationEvent> = {
  initialState: () => null,
  evolve: () => null,
  decide({ data }) {
    return [
      {
        type: 'ReconciliationCompleted',
        data: {
          provider: data.provider,
          day: data.day,
          processorTransactions: data.there.length,
          loggedTransactions: data.here.length,
          differences: differencesOf(data.there, data.here, data.excused),
        },
      },
    ];
  },
};

/** Compares a day's two sides and records the result as an event (ReconciliationCompleted). */
export async function recordReconciliation(
  deps: { store: EventStore; notifier: Notifier; clock: () => Date },
  input: {
    provider: PaymentProvider;
    day: string;
    there: readonly LedgerLine[];
    here: readonly LedgerLine[];
    excused?: ReadonlySet<string>;
  },
): Promise<{ differences: Difference[]; position: number }> {
  const result = await handleCommand(
    deps.store,
    streams.reconciliation(input.provider, input.day),
    reconciliationDecider,
    command('ReconcileDay', { ...input, excused: input.excused ?? new Set() }, deps.clock()),
    {
      correlationId: `reconciliation:${input.provider}:${input.day}`,
      causationId: 'reconciliation',
      actor: { kind: 'system' },
    },
  );
  announceAppended(deps, result.position);
  const recorded = result.events[0] as ReconciliationEvent;
  return { differences: recorded.data.differences, position: result.position };
}
