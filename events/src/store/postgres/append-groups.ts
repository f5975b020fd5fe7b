/**
 * Group commit for appends of one process. Up to `maxInFlight` groups are sent at once (each
 * needs its own pool connection); while they are in flight, appends queue up, and whenever one
 * returns, what is queued goes as the next group (at most `maxGroup`). So under load groups
 * fill up by themselves, and while one group holds the database's append lock the next one is
 * already on its way and doing its checks that need no lock. The database takes the lock and
 * flushes its WAL once per group instead of once per append, while each append is still checked
 * and stored (or refused) on its own.
 *
 * A group leaves at the end of the event loop's turn (setImmediate), not at the first submit: the
 * requests whose bytes arrived together are handled in one turn, and their appends go as one
 * group. Sent at the first submit, ten likes arriving at once went as three groups (1, 1, 8),
 * each with the fixed cost of a group in the database (about 1 ms of its CPU), its notification
 * and its projector batch. The wait is the rest of the turn: nothing when nothing else arrived.
 */
export class AppendGroups<Item, Outcome> {
  private readonly queue: { item: Item; resolve: (o: Outcome) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  /** A pump is scheduled for the end of this turn of the event loop. */
  private pumpScheduled = false;
  private groupsSent = 0;
  private itemsSent = 0;

  constructor(
    private readonly send: (items: Item[]) => Promise<Outcome[]>,
    private readonly maxGroup = 256,
    private readonly maxInFlight = 2,
  ) {}

  submit(item: Item): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedulePump();
    });
  }

  /** Groups sent so far and their mean size (the bench reports it). */
  stats(): { groups: number; meanGroupSize: number } {
    return {
      groups: this.groupsSent,
      meanGroupSize: this.groupsSent === 0 ? 0 : this.itemsSent / this.groupsSent,
    };
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const group = this.queue.splice(0, this.maxGroup);
      this.inFlight += 1;
      this.groupsSent += 1;
      this.itemsSent += group.length;
      void this.sendGroup(group).finally(() => {
        this.inFlight -= 1;
        this.schedulePump();
      });
    }
  }

  private async sendGroup(group: typeof this.queue): Promise<void> {
    try {
      const outcomes = await this.send(group.map((g) => g.item));
      group.forEach((g, i) => {
        g.resolve(outcomes[i]!);
      });
    } catch (error) {
      // The group's transaction failed as a whole (connection lost, ...): nothing of it is
      // known to be stored, so every append in it gets the error.
      for (const g of group) g.reject(error);
    }
  }
}
