/** One measure of the benchmark: its figures (one per run), its target, and whether every run met it. */
export interface Target {
  measure: string;
  figures: string[];
  target: string;
  met: boolean;
}

/** One table: each measure with a column per run, its target and "met" or "MISSED". */
export function targetsTable(targets: Target[], runs: number): string {
  const head = ['measure', ...Array.from({ length: runs }, (_, i) => `run ${i + 1}`), 'target', 'met'];
  const rows = targets.map((t) => [
    t.measure,
    ...Array.from({ length: runs }, (_, i) => t.figures[i] ?? ''),
    t.target,
    t.met ? 'met' : 'MISSED',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
