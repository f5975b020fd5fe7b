import { type DomainRefusal, isRefusal, type RefusalKind } from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';

/** The one place a domain refusal becomes an HTTP status; the detail is the product's message. */
const statusOf: Readonly<Record<RefusalKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};

export const httpErrorOf = (refusal: DomainRefusal): HttpError =>
  new HttpError(statusOf[refusal.kind], refusal.detail);

/** The decision's events, or the refusal thrown as the HttpError the error handler answers with. */
export function eventsOrThrow<T>(decision: T | DomainRefusal): T {
  if (isRefusal(decision)) throw httpErrorOf(decision);
  return decision;
}
