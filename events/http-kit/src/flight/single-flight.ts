/** One key's call in flight, and the call that follows it for the `fresh` callers that came meanwhile. */
interface Flight<T> {
  running: Promise<T>;
  queued?: Promise<T>;
}

/**
 * At most one call in flight per key, shared by the callers of that key. Two ways to share:
 * `join` answers a caller from the call already under way (for work whose answer may have begun
 * before the caller arrived); `fresh` answers every caller from a call that began after it
 * arrived: a caller that comes while a call is in flight waits for it and joins the one call
 * that starts next, so a change acknowledged before the caller asked is always seen, and many
 * callers at once still cost one call per round trip. A failure is the failure of every caller
 * that shared the call, and is not kept: the key's next caller calls again. Entries go when their
 * call ends. Callers must not change what they are given: it is shared.
 *
 * `call` gets the key, so a caller on a hot path can pass one function made once rather than a
 * closure per call.
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, Flight<T>>();

  /** How many keys have a call in flight. */
  get size(): number {
    return this.flights.size;
  }

  /** The call in flight for `key`, else `call(key)`'s. */
  join(key: string, call: (key: string) => Promise<T>): Promise<T> {
    const flight = this.flights.get(key);
    return flight ? flight.running : this.start(key, call);
  }

  /** A call for `key` that begins no earlier than now: `call(key)`'s, or the next one shared. */
  fresh(key: string, call: (key: string) => Promise<T>): Promise<T> {
    const flight = this.flights.get(key);
    if (!flight) return this.start(key, call);
    const next = () => this.start(key, call);
    flight.queued ??= flight.running.then(next, next);
    return flight.queued;
  }

  private start(key: string, call: (key: string) => Promise<T>): Promise<T> {
    const running = call(key);
    const flight: Flight<T> = { running };
    this.flights.set(key, flight);
    const done = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    running.then(done, done);
    return running;
  }
}
