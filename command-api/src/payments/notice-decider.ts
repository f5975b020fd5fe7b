import type { EventOf, PaymentProvider, RecordedEvent } from '@nocturne/events';
import type { Command, Decider } from '../shared/decider';
import type { ProcessorNotice } from './payment-processor';

export type NoticeEvent = EventOf<'PaymentNoticeReceived' | 'PaymentNoticeQueued'>;

export type RecordNotice = Command<'RecordNotice', { provider: PaymentProvider; notice: ProcessorNotice }>;
export type QueueNotice = Command<'QueueNotice', { reason: 'unknown_reference' }>;
export type NoticeCommand = RecordNotice | QueueNotice;

export interface NoticeState {
  recorded: boolean;
  queued: boolean;
}

/**
 * One processor transaction's notice, on its own stream: recorded once whatever number of
 * copies arrive, and queued for the staff once when it names no purchase of ours.
 */
export const noticeDecider: Decider<NoticeCommand, NoticeState, NoticeEvent> = {
  initialState: () => ({ recorded: false, queued: false }),
  evolve: (state, event: NoticeEvent | RecordedEvent<NoticeEvent>) =>
    event.type === 'PaymentNoticeReceived' ? { ...state, recorded: true } : { ...state, queued: true },
  decide(command, state) {
    if (command.type === 'RecordNotice') {
      if (state.recorded) return [];
      const { provider, notice } = command.data;
      return [{ type: 'PaymentNoticeReceived', data: { provider, ...notice } }];
    }
    if (!state.recorded || state.queued) return [];
    return [{ type: 'PaymentNoticeQueued', data: { reason: command.data.reason } }];
  },
};
