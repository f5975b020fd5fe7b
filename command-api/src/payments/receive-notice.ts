import type { CommandContext, PaymentProvider } from '@nocturne/events';
import { streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { HttpError } from '@nocturne/http-kit';
import type { Notifier } from '@nocturne/notify';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { announceAppended } from '../shared/reply';
import type { NoticeAnswer, PaymentNoticeReceiver } from './notice-answer';
import { noticeDecider } from './notice-decider';
import type { PaymentProcessor, ProcessorNotice } from './payment-processor';
import { premiumFromPurchaseDecider } from './premium-from-purchase-decider';
import { purchaseDecider, purchaseEntitles, reversalOf } from './purchase-decider';

export const noticeMessages = {
  signature: 'The notice is not signed by the payment processor.',
  malformed: 'The notice is not one the payment processor sends.',
} as const;

type NoticeDeps = { store: EventStore; notifier: Notifier; clock: () => Date };

/**
 * A processor's notice, taken exactly once and in any order. Each step is idempotent and decided
 * on what its stream holds, so a copy, a retry after a crash half-way, or two copies at once end
 * the same as one: the notice is stored on its transaction's own stream (once); it is applied to
 * the purchase it names (once per transaction: a refund that comes before its sale is kept
 * there); and the reader's premium is brought in line with what the purchase now gives. Only
 * then is the processor answered its acknowledgement, so a notice whose handling failed is sent
 * again. A notice naming no purchase of ours is stored and queued for the staff.
 */
export function createPaymentNoticeReceiver(
  deps: NoticeDeps,
  processor: PaymentProcessor,
): PaymentNoticeReceiver {
  return async (params) => {
    const reading = processor.readNotice(params, deps.clock());
    if (reading.outcome === 'refused') {
      return {
        status: reading.reason === 'signature' ? 403 : 400,
        detail: noticeMessages[reading.reason],
        outcome: 'refused',
        reason: reading.reason,
      };
    }
    if (reading.outcome === 'ignored') return acknowledged(processor, 'ignored');
    return acknowledged(processor, await applyNotice(deps, processor, reading.notice));
  };
}

async function applyNotice(
  deps: NoticeDeps,
  processor: PaymentProcessor,
  given: ProcessorNotice,
): Promise<'applied' | 'duplicate' | 'queued'> {
  const { provider } = processor;
  const notice =
    given.reference === null ? { ...given, reference: await saleReference(deps, provider, given) } : given;
  const context: CommandContext = {
    correlationId: `payment:${provider}:${notice.saleId}`,
    causationId: `payment_notice:${provider}:${notice.transactionId}`,
    actor: { kind: 'system' },
  };
  const noticeStream = streams.paymentNotice(provider, notice.transactionId);
  const stored = await handleCommand(
    deps.store,
    noticeStream,
    noticeDecider,
    command('RecordNotice', { provider, notice }, deps.clock()),
    context,
  );
  const duplicate = stored.events.length === 0;

  const purchase = notice.reference
    ? await handleCommand(
        deps.store,
        streams.purchase(notice.reference),
        purchaseDecider,
        command('ApplyNotice', { provider, notice, descriptor: processor.descriptor }, deps.clock()),
        context,
      ).catch((error: unknown) => {
        // A reference that names no purchase of ours is a refusal of the decider: queue it.
        if (isNotFound(error)) return null;
        throw error;
      })
    : null;
  if (purchase === null || !purchase.state.started) {
    await handleCommand(
      deps.store,
      noticeStream,
      noticeDecider,
      command('QueueNotice', { reason: 'unknown_reference' as const }, deps.clock()),
      context,
    );
    return 'queued';
  }

  const { state } = purchase;
  const settled = await handleCommand(
    deps.store,
    streams.user(state.started!.userKey),
    premiumFromPurchaseDecider,
    command(
      'SettlePurchase',
      {
        purchaseId: notice.reference!,
        entitles: purchaseEntitles(state),
        reversal: reversalOf(state),
        ...(state.paid
          ? {
              payment: {
                provider,
                transactionId: state.paid.transactionId,
                amountCents: state.paid.amountCents,
                currency: state.paid.currency,
              },
            }
          : {}),
      },
      deps.clock(),
    ),
    context,
  );
  announceAppended(deps, Math.max(stored.position, purchase.position, settled.position));
  return duplicate ? 'duplicate' : 'applied';
}

/**
 * The purchase a reversal without a reference belongs to, from its sale's notice: CCBill gives
 * our passthrough reference back on the sale only, and keys the sale by the id its reversals
 * name (the sale's notice is on `payment_notice-ccbill-{subscriptionId}`). A reversal that comes
 * before its sale finds nothing and is queued for the staff.
 */
async function saleReference(
  deps: NoticeDeps,
  provider: PaymentProvider,
  notice: ProcessorNotice,
): Promise<string | null> {
  if (notice.kind === 'sale') return null;
  const sale = await deps.store.readStream(streams.paymentNotice(provider, notice.saleId));
  const received = sale.find((event) => event.type === 'PaymentNoticeReceived');
  const data = received?.data as { kind?: string; reference?: string | null } | undefined;
  return data?.kind === 'sale' ? (data.reference ?? null) : null;
}

const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

function acknowledged(
  processor: PaymentProcessor,
  outcome: 'applied' | 'duplicate' | 'queued' | 'ignored',
): NoticeAnswer {
  return { status: 200, body: processor.acknowledgement, outcome };
}
