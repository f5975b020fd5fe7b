/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits. A terminal's Ctrl-C reaches every process
 * of the group (and npm forwards it again), so repeated signals during a shutdown are ignored;
 * a shutdown that hangs is cut off after `timeoutMs`.
 */
export function onShutdown(
  stop: (signal: string) => Promise<void>,
  log: (line: string) => void,
  timeoutMs = 20_000,
): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received: shutting down...`);
    const timer = setTimeout(() => {
      log(`shutdown did not finish within ${timeoutMs / 1000}s; exiting anyway`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    stop(signal).then(
      () => {
        log('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** Runs every step even when one fails (a dead connection must not keep the others open). */
export async function stopAll(steps: [string, () => Promise<void>][], log: (line: string) => void) {
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      log(`stopping ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
