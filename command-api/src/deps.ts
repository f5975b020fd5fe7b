import type { EventStore, Notifier, PiiVault } from '@nocturne/events';

/** Settings command-api reads; infra maps the validated configuration onto it. */
export interface CommandApiOptions {
  /** Secret for HMACs (user stream keys, signed references, admin tokens). */
  secret: string;
  dataDir: string;
  publicUrl: string;
  supportEmail: string;
}

/** Everything command-api needs, passed in: no globals, so tests build it on port 0. */
export interface CommandApiDeps {
  store: EventStore;
  vault: PiiVault;
  notifier: Notifier;
  options: CommandApiOptions;
  clock: () => Date;
}
