/**
 * Group commit for appends of one process. While one group is in flight, appends queue up;
 * when it returns, everything queued goes as the next group (at most `maxGroup`). The database
 * then takes the global append lock and flushes its WAL once per group instead of once per
 * append, while each append is still checked and stored (or refused) on its own.
 */
export class AppendGroups<Item, Outcome> {
  private readonly queue: { item: Item; resolve: (o: Outcome) => void; reject: (e: unknown) => void }[] = [];
  private sending = false;

  constructor(
    private readonly send: (items: Item[]) => Promise<Outcome[]>,
    private readonly maxGroup = 32,
  ) {}

  submit(item: Item): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, this.maxGroup);
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
    } finally {
      this.sending = false;
    }
  }
}
