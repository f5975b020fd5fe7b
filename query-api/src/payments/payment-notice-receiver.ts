/**
 * The port query-api hands a processor's notice to. Processors send their notices as GET
 * requests (Verotel's postbacks are GET parameters), and every GET is query-api's; storing the
 * notice is command-api's. So, like the premium unlock, the route is here and the work is
 * command-api's: `createPaymentNoticeReceiver` (one process) or `httpPaymentNoticeReceiver`
 * (split mode), wired together by infra.
 */
export type PaymentNoticeReceiver = (
  params: Readonly<Record<string, string>>,
) => Promise<
  | { status: 200; body: string; outcome: string }
  | { status: 400 | 403; detail: string; outcome: 'refused'; reason: string }
>;
