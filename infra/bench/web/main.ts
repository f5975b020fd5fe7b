import { join } from 'node:path';
import { repoRoot } from '@nocturne/infra/bin/web-build';
import { demoLibrary } from './library';
import { type Audit, auditPages } from './lighthouse';
import { startProduct } from './product';

/**
 * `npm run bench:web`: the product as a first `npm start` runs it, with its demo library, then
 * Lighthouse on the landing page, a story in the reader and a signed-in reader's profile, on the
 * mobile and desktop profiles; prints one table from this one run and checks the mobile targets.
 */
const log = (line: string) => console.log(`  ${line}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const ms = (value: number) => `${Math.round(value)}`;

/** The issue's targets, on the mobile profile. */
const LANDING_JS_BUDGET = 80 * 1024;
function missedTargets(audit: Audit): string[] {
  const missed: string[] = [];
  if (audit.scores.performance < 95) missed.push(`Performance ${audit.scores.performance} < 95`);
  if (audit.lcp >= 2000) missed.push(`LCP ${ms(audit.lcp)} ms >= 2000`);
  if (audit.tbt >= 100) missed.push(`TBT ${ms(audit.tbt)} ms >= 100`);
  if (audit.cls >= 0.05) missed.push(`CLS ${audit.cls.toFixed(3)} >= 0.05`);
  if (audit.page === 'landing') {
    if (audit.scores.accessibility < 100) missed.push(`Accessibility ${audit.scores.accessibility} < 100`);
    if (audit.scores.bestPractices < 100) missed.push(`Best practices ${audit.scores.bestPractices} < 100`);
    if (audit.scores.seo < 95) missed.push(`SEO ${audit.scores.seo} < 95`);
    if (audit.bytes.scriptWire > LANDING_JS_BUDGET)
      missed.push(`landing JS ${kb(audit.bytes.scriptWire)} KiB on the wire > ${kb(LANDING_JS_BUDGET)}`);
  }
  return missed;
}

function table(audits: Audit[]): string {
  const head = [
    'page',
    'profile',
    'Perf',
    'A11y',
    'BP',
    'SEO',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'JS KiB wire/raw',
    'all KiB wire/raw',
    'requests',
  ];
  const rows = audits.map((a) => [
    a.page,
    a.formFactor,
    String(a.scores.performance),
    String(a.scores.accessibility),
    String(a.scores.bestPractices),
    String(a.scores.seo),
    ms(a.fcp),
    ms(a.lcp),
    ms(a.tbt),
    a.cls.toFixed(3),
    `${kb(a.bytes.scriptWire)} / ${kb(a.bytes.scriptRaw)}`,
    `${kb(a.bytes.wire)} / ${kb(a.bytes.raw)}`,
    String(a.bytes.requests),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main() {
  console.log('Nocturne web benchmark (Lighthouse) — the embedded PostgreSQL, as a first `npm start`\n');
  const reportDir = join(repoRoot, 'artifacts', 'bench-web');
  let audits: Audit[] = [];
  log('starting the product as a first `npm start` does (it creates the demo library)...');
  const product = await startProduct();
  try {
    const library = await demoLibrary(product);
    audits = await auditPages(
      [
        { name: 'landing', url: `${product.baseUrl}/` },
        { name: 'reader', url: `${product.baseUrl}/story/${library.freeStoryId}` },
        { name: 'profile', url: `${product.baseUrl}/profile`, token: library.reader.token },
      ],
      ['mobile', 'desktop'],
      reportDir,
      log,
    );
  } finally {
    await product.stop();
  }

  console.log(`\nResults (one run; reports in ${reportDir})\n${table(audits)}`);
  console.log('\nWhere the time goes (mobile)');
  for (const audit of audits.filter((a) => a.formFactor === 'mobile')) {
    const phases = audit.lcpPhases.map((p) => `${p.phase} ${ms(p.timing)}`).join(', ');
    console.log(`  ${audit.page}: LCP element ${audit.lcpElement.slice(0, 90)}`);
    if (phases) console.log(`    LCP phases (ms): ${phases}`);
    const bootup = audit.bootup.map((b) => `${b.url.replace(/^https?:\/\/[^/]+/, '')} ${ms(b.total)}`);
    if (bootup.length) console.log(`    main-thread time by script (ms): ${bootup.join(', ')}`);
  }
  console.log('\nTargets (mobile)');
  let allMet = true;
  for (const audit of audits.filter((a) => a.formFactor === 'mobile')) {
    const missed = missedTargets(audit);
    allMet &&= missed.length === 0;
    console.log(`  ${audit.page.padEnd(8)} ${missed.length ? `MISSED: ${missed.join('; ')}` : 'all met'}`);
  }
  console.log(allMet ? '\nEvery target met.' : '\nSome targets were missed (see above).');
}

main().catch((error: unknown) => {
  console.error(
    `Web benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
