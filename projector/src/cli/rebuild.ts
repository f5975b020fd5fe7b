import { projections } from '../projections';
import { type RebuildProgress, rebuildReadModels } from '../rebuild/rebuild';
import { timingLines } from '../runner/projection-timings';
import { type CliSettings, openCliConnections } from './connections';
import { progressBar } from './progress-bar';

/**
 * `npm run rebuild` (started by infra/src/cli/rebuild.ts with infra's configuration): every read
 * model from position 0 into a fresh schema, swapped in when it has caught up
 * (projector/src/rebuild/rebuild.ts), with a progress bar. The services may keep running.
 */
export async function runRebuild(settings: CliSettings): Promise<void> {
  const connections = await openCliConnections(settings);
  const bar = progressBar(
    '{phase} |{bar}| {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_formatted}',
  );
  const started = performance.now();
  let barStarted = false;
  const rate = (events: number) => {
    const seconds = (performance.now() - started) / 1000;
    return seconds > 0 ? Math.round(events / seconds).toLocaleString('en') : '0';
  };
  const show = ({ phase, position, head, events }: RebuildProgress) => {
    // Positions of the PostgreSQL store are gap-free, so position/head counts events.
    const payload = { phase: phase.padEnd(10), rate: rate(events) };
    if (!barStarted) {
      bar.start(Math.max(head, 1), position, payload);
      barStarted = true;
    } else {
      bar.setTotal(Math.max(head, position, 1));
      bar.update(position, payload);
    }
  };
  try {
    const result = await rebuildReadModels({
      databaseUrl: connections.databaseUrl,
      store: connections.store,
      vault: connections.vault,
      projections,
      onProgress: show,
    });
    bar.stop();
    console.log(
      `Rebuilt ${projections.length} projections from ${result.events.toLocaleString('en')} events in ` +
        `${result.seconds.toFixed(1)} s (${rate(result.events)} events/s) and swapped them in at position ${result.position}.`,
    );
    console.log(
      `Where the time went (the indexes built and the statistics gathered after the bulk: ${result.indexSeconds.toFixed(1)} s):`,
    );
    for (const line of timingLines(result.timings)) console.log(`  ${line}`);
  } finally {
    if (barStarted) bar.stop();
    await connections.close();
  }
}
