/**
 * Why a command is refused, in the domain's words. Deciders return it (never throw); the HTTP
 * layer maps each kind to one status in one place (command-api/src/shared/refusals.ts); the
 * detail is the product's message, shown to the person as it is.
 */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict';

export class DomainRefusal extends Error {
  override readonly name = 'DomainRefusal';
  constructor(
    readonly kind: RefusalKind,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** A decider refuses: `return refuse('not_found', storyMessages.notFound)`. */
export const refuse = (kind: RefusalKind, detail: string): DomainRefusal => new DomainRefusal(kind, detail);

export const isRefusal = (error: unknown): error is DomainRefusal => error instanceof DomainRefusal;
