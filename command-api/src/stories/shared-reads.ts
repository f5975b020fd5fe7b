/** One key's read in flight, and the read that follows it for the callers that came meanwhile. */
interface Flight<T> {
  running: Promise<T>;
  queued?: Promise<T>;
}

/**
 * Reads of one key share round trips, the way appends share a group: a caller that arrives while
 * a read of its key is in flight waits for it and joins the one read that starts next. So every
 * caller gets a read that began after it arrived (a deletion acknowledged before a like is always
 * seen), and a story liked by many at once costs one read per round trip instead of one per like.
 * Entries go when their read ends. Callers must not change what they are given: it is shared.
 */
export class SharedReads<Owner extends object, T> {
  private readonly byOwner = new WeakMap<Owner, Map<string, Flight<T>>>();

  constructor(private readonly read: (owner: Owner, key: string) => Promise<T>) {}

  get(owner: Owner, key: string): Promise<T> {
    let flights = this.byOwner.get(owner);
    if (!flights) {
      flights = new Map();
      this.byOwner.set(owner, flights);
    }
    const flight = flights.get(key);
    if (!flight) return this.start(owner, flights, key);
    const map = flights;
    const next = () => this.start(owner, map, key);
    flight.queued ??= flight.running.then(next, next);
    return flight.queued;
  }

  private start(owner: Owner, flights: Map<string, Flight<T>>, key: string): Promise<T> {
    const running = this.read(owner, key);
    const flight: Flight<T> = { running };
    flights.set(key, flight);
    const done = () => {
      if (flights.get(key) === flight) flights.delete(key);
    };
    running.then(done, done);
    return running;
  }
}
