import { readFileSync } from 'node:fs';

/**
 * A process and its descendants from Linux's /proc (the bootstrap runs the server as its
 * child): each pid with its depth below the first. Empty when the process is gone or there is
 * no /proc.
 */
export function processTree(pid: number): Array<{ pid: number; depth: number }> {
  const tree: Array<{ pid: number; depth: number }> = [];
  const visit = (id: number, depth: number) => {
    try {
      const children = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim();
      tree.push({ pid: id, depth });
      for (const child of children ? children.split(/\s+/) : []) visit(Number(child), depth + 1);
    } catch {
      // gone, or no /proc (not Linux): nothing to report for it
    }
  };
  visit(pid, 0);
  return tree;
}

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ: 100 on every Linux build we run). */
const TICKS_PER_SECOND = 100;

/** The CPU time (user + system, ms) a process and its descendants have used so far. */
export function cpuMsOfTree(pid: number): number {
  let ticks = 0;
  for (const { pid: id } of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone since the walk: its time is no longer counted
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
