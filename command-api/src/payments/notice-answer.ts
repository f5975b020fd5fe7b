/** What the notice route answers the processor. */
export type NoticeAnswer =
  | { status: 200; body: string; outcome: 'applied' | 'duplicate' | 'queued' | 'ignored' }
  | {
      status: 400 | 403;
      detail: string;
      outcome: 'refused';
      /** `sender`: from an address the processor does not send from (CCBill's webhooks). */
      reason: 'signature' | 'malformed' | 'sender';
    };

/** Takes a processor's notice as its wire carried it (the query's parameters). */
export type PaymentNoticeReceiver = (params: Readonly<Record<string, string>>) => Promise<NoticeAnswer>;
