/** How many groups may be out at once (AppendGroups). */
export interface GroupBounds {
  /** Groups in their first phase at once (the database: until the group has committed). */
  sending: number;
  /** Groups out at once, in either phase (each holds a pool connection until it is answered). */
  held: number;
}

/**
 * Group commit for appends of one process. A group is out in two phases: it is sent and
 * committed (the database's append lock, the rows), then it waits for the disk before its
 * appends are answered. While groups are out, appends queue up, and whenever a group leaves its
 * first phase, what is queued goes as the next group (at most `maxGroup`). So under load groups
 * fill up by themselves. The database takes the lock and flushes its WAL once per group instead of
 * once per append, while each append is still checked and stored (or refused) on its own.
 *
 * One group at a time in the first phase (`bounds.sending`, 1 by default): its locked phase is
 * most of its statement, so a second group alongside would only wait for the lock, and would make
 * the groups half as big, each with the fixed cost of a group (the database's CPU per commit, a
 * notification, a projector batch). The wait for the disk overlaps the next group, so the database
 * is not left idle during the flush (docs/performance.md, "Group commit"). `bounds.held` caps the
 * groups out in either phase (each holds a pool connection), so a slow disk cannot take the whole
 * pool from the reads.
 *
 * A group leaves at the end of the event loop's turn (setImmediate), not at the first submit: the
 * requests whose bytes arrived together are handled in one turn, and their appends go as one
 * group; sent at the first submit, likes arriving together would leave as several small groups.
 * The wait is the rest of the turn: nothing when nothing else arrived.
 */
export class AppendGroups<Item, Outcome> {
  private readonly queue: { item: Item; resolve: (o: Outcome) => void; reject: (e: unknown) => void }[] = [];
  private sending = 0;
  private held = 0;
  /** A pump is scheduled for the end of this turn of the event loop. */
  private pumpScheduled = false;
  private groupsSent = 0;
  private itemsSent = 0;

  /**
   * `send` calls `committed` when the group has left its first phase (and what is left is to wait
   * for the disk); a group whose `send` settles without calling it leaves both phases then.
   */
  constructor(
    private readonly send: (items: Item[], committed: () => void) => Promise<Outcome[]>,
    private readonly maxGroup = 256,
    private readonly bounds: GroupBounds = { sending: 1, held: 2 },
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
    while (this.sending < this.bounds.sending && this.held < this.bounds.held && this.queue.length > 0) {
      const group = this.queue.splice(0, this.maxGroup);
      this.sending += 1;
      this.held += 1;
      this.groupsSent += 1;
      this.itemsSent += group.length;
      let committed = false;
      const leaveFirstPhase = () => {
        if (committed) return;
        committed = true;
        this.sending -= 1;
        this.schedulePump();
      };
      void this.sendGroup(group, leaveFirstPhase).finally(() => {
        leaveFirstPhase();
        this.held -= 1;
        this.schedulePump();
      });
    }
  }

  private async sendGroup(group: typeof this.queue, committed: () => void): Promise<void> {
    try {
      const outcomes = await this.send(
        group.map((g) => g.item),
        committed,
      );
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
