import { type DomainRefusal, isRefusal } from '@nocturne/domain';
import type { DomainEvent } from '@nocturne/events';
import { expect } from 'vitest';
import type { Command, Decider } from '../decider';

/**
 * The one way decider tests read: given these events, when this command, then these events
 * (or this refusal).
 *
 *   const given = deciderSpec(unlockDecider);
 *   given(registered, granted).when(unlock('p1')).thenEvents([unlocked('p1')]);
 *   given(registered).when(unlock('p1')).thenRefuses(refuse('payment_required', ...));
 *
 * (`thenEvents`, not `then`: an object with a `then` method is a thenable, which `await` would
 * mistake for a promise.)
 */
export function deciderSpec<C extends Command, State, Event extends DomainEvent>(
  decider: Decider<C, State, Event>,
) {
  return function given(...history: Event[]) {
    const state = history.reduce<State>(decider.evolve, decider.initialState());
    return {
      /** The state the decider decides on. */
      state,
      when(command: C) {
        const decision = decider.decide(command, state);
        /** The events decided; fails the test on a refusal. */
        const events = (): Event[] => {
          if (isRefusal(decision)) {
            throw new Error(
              `expected events, but the command was refused: ${decision.kind}, "${decision.detail}"`,
            );
          }
          return decision;
        };
        return {
          events,
          /** Asserts the events decided; returns the state after them. */
          thenEvents(expected: Event[]): State {
            expect(events()).toEqual(expected);
            return expected.reduce<State>(decider.evolve, state);
          },
          /** Asserts that the command was accepted and changes nothing. */
          thenNothing(): void {
            expect(events()).toEqual([]);
          },
          /** Asserts the refusal: its kind and the product's message. */
          thenRefuses(expected: DomainRefusal): void {
            const actual = isRefusal(decision) ? { kind: decision.kind, detail: decision.detail } : decision;
            expect(actual).toEqual({ kind: expected.kind, detail: expected.detail });
          },
        };
      },
    };
  };
}
