import { readFileSync } from 'node:fs';

/** The machine's CPU time so far (Linux /proc/stat, in ticks): all of it, and what the hypervisor took. */
function cpuTicks(): { total: number; steal: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    return { total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 };
  } catch {
    return undefined; // not Linux: nothing to say
  }
}

/**
 * Starts watching how much of the machine's CPU time the hypervisor took (steal): on a shared
 * virtual machine, throughput and p99 figures move with it, so each suite says it beside its
 * figures. The returned function gives the share since the start, or undefined off Linux.
 */
export function watchSteal(): () => number | undefined {
  const start = cpuTicks();
  return () => {
    const end = cpuTicks();
    if (!start || !end || end.total === start.total) return undefined;
    return (end.steal - start.steal) / (end.total - start.total);
  };
}
