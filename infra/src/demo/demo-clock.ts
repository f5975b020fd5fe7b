/**
 * The seeding's clock: the commands read it as they read the product's, and the backdated store
 * records their events at its time. It only moves forward, so record times follow positions.
 */
export class DemoClock {
  private at: Date;

  constructor(start: Date) {
    this.at = new Date(start);
  }

  readonly now = (): Date => new Date(this.at);

  /** To `at`, or not at all if that would go back. */
  moveTo(at: Date): void {
    if (at.getTime() > this.at.getTime()) this.at = new Date(at);
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the demo's history starts. */
export const DEMO_HISTORY_DAYS = 365;
