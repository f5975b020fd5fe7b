import { join } from 'node:path';
import { repoRoot } from '@nocturne/infra/bin/web-build';
import { LANDING_SCRIPT_BUDGET, landingFirstLoadScript } from './first-load-script';
import { type KeptOfflineOpens, keptStoryOffline } from './kept-offline';
import { demoLibrary } from './library';
import { type Audit, auditPages } from './lighthouse';
import { launchChromium } from './mobile-browser';
import { startProduct } from './product';
import { secondVisitWithWorker } from './second-visit';
import { type Target, targetsTable } from './targets';

/**
 * `npm run bench:web`: the product as a first `npm start` runs it, with its demo library, then
 * - Lighthouse (mobile) on the landing, a story in the reader, the profile, a creator's page and
 *   the studio, two rounds over the five;
 * - in Playwright, on a phone's screen with the CPU 4 times slower: a second visit to a story
 *   with the service worker, timed to its first slide, under Lighthouse's slow 4G and on the
 *   local network as it is, and a story kept offline opened with the network off;
 * - the landing's first-load script;
 * and prints every figure beside its target in one table. `-- --runs N` changes the rounds.
 */
const log = (line: string) => console.log(`  ${line}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const ms = (value: number) => `${Math.round(value)}`;

function runsWanted(): number {
  const at = process.argv.indexOf('--runs');
  const runs = at === -1 ? 2 : Number(process.argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number, 1 or more');
  return runs;
}

function lighthouseTable(audits: Audit[]): string {
  const head = [
    'page',
    'run',
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
    String(a.run),
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

/** The targets: every page at least 95, LCP under 2.0 s and CLS under 0.05 on the mobile profile. */
function lighthouseTargets(audits: Audit[], pages: string[]): Target[] {
  return pages.flatMap((page) => {
    const runs = audits.filter((a) => a.page === page);
    return [
      {
        measure: `${page}: Lighthouse mobile score`,
        figures: runs.map((a) => String(a.scores.performance)),
        target: '>= 95',
        met: runs.every((a) => a.scores.performance >= 95),
      },
      {
        measure: `${page}: LCP`,
        figures: runs.map((a) => `${(a.lcp / 1000).toFixed(2)} s`),
        target: '< 2.0 s',
        met: runs.every((a) => a.lcp < 2000),
      },
      {
        measure: `${page}: CLS`,
        figures: runs.map((a) => a.cls.toFixed(3)),
        target: '< 0.05',
        met: runs.every((a) => a.cls < 0.05),
      },
    ];
  });
}

async function main() {
  const runs = runsWanted();
  console.log('Nocturne web benchmark — the embedded PostgreSQL, as a first `npm start`\n');
  const reportDir = join(repoRoot, 'artifacts', 'bench-web');
  log('starting the product as a first `npm start` does (it creates the demo library)...');
  const product = await startProduct();
  const pages = ['landing', 'reader', 'profile', 'creator', 'studio'];
  let audits: Audit[];
  let secondVisit: number[];
  let secondVisitLocal: number[];
  let keptOffline: KeptOfflineOpens;
  let landingScript: number;
  try {
    const library = await demoLibrary(product);
    const storyUrl = `${product.baseUrl}/story/${library.freeStoryId}`;
    audits = await auditPages(
      [
        { name: 'landing', url: `${product.baseUrl}/` },
        { name: 'reader', url: storyUrl },
        { name: 'profile', url: `${product.baseUrl}/profile`, token: library.reader.token },
        { name: 'creator', url: `${product.baseUrl}/creator/${encodeURIComponent(library.creatorHandle)}` },
        { name: 'studio', url: `${product.baseUrl}/studio`, token: library.creator.token },
      ],
      runs,
      reportDir,
      log,
    );
    const browser = await launchChromium();
    try {
      log('the landing’s first-load script');
      landingScript = await landingFirstLoadScript(browser, product.baseUrl);
      secondVisit = await secondVisitWithWorker(browser, storyUrl, runs, true, log);
      secondVisitLocal = await secondVisitWithWorker(browser, storyUrl, runs, false, log);
      keptOffline = await keptStoryOffline(
        browser,
        product.baseUrl,
        library.freeStoryId,
        library.reader.token,
        runs,
        log,
      );
    } finally {
      await browser.close();
    }
  } finally {
    await product.stop();
  }

  console.log(
    `\nLighthouse, mobile (${runs === 1 ? 'one run' : `${runs} runs`} of each page; reports in ${reportDir})\n${lighthouseTable(audits)}`,
  );
  console.log('\nWhere the time goes (mobile, last run)');
  for (const audit of audits.filter((a) => a.run === runs)) {
    const phases = audit.lcpPhases.map((p) => `${p.phase} ${ms(p.timing)}`).join(', ');
    console.log(`  ${audit.page}: LCP element ${audit.lcpElement.slice(0, 90)}`);
    if (phases) console.log(`    LCP phases (ms): ${phases}`);
    const bootup = audit.bootup.map((b) => `${b.url.replace(/^https?:\/\/[^/]+/, '')} ${ms(b.total)}`);
    if (bootup.length) console.log(`    main-thread time by script (ms): ${bootup.join(', ')}`);
  }

  const targets: Target[] = [
    ...lighthouseTargets(audits, pages),
    {
      measure: 'reader, second visit with the worker: first slide (slow 4G, CPU x4)',
      figures: secondVisit.map((value) => `${ms(value)} ms`),
      target: '< 1000 ms',
      met: secondVisit.every((value) => value < 1000),
    },
    {
      measure: 'reader, second visit with the worker: first slide (local network, CPU x4)',
      figures: secondVisitLocal.map((value) => `${ms(value)} ms`),
      target: '< 1000 ms',
      met: secondVisitLocal.every((value) => value < 1000),
    },
    {
      measure: 'a story kept offline, network off, its tab: first slide (CPU x4)',
      figures: keptOffline.sameTab.map((value) => `${ms(value)} ms`),
      target: '< 500 ms',
      met: keptOffline.sameTab.every((value) => value < 500),
    },
    {
      measure: 'a story kept offline, network off, a new tab: first slide (CPU x4)',
      figures: keptOffline.newTab.map((value) => `${ms(value)} ms`),
      target: '< 500 ms',
      met: keptOffline.newTab.every((value) => value < 500),
    },
    {
      measure: 'landing first-load script, Brotli on the wire',
      figures: [`${landingScript.toLocaleString('en')} B`],
      target: `<= ${LANDING_SCRIPT_BUDGET.toLocaleString('en')} B`,
      met: landingScript <= LANDING_SCRIPT_BUDGET,
    },
  ];
  console.log(
    "\nEvery figure beside its target (the reader's timings: Playwright, a 412×823 mobile screen," +
      ' from the navigation to the first frame showing a slide with its image and text)\n' +
      targetsTable(targets, runs),
  );
  const missed = targets.filter((t) => !t.met).length;
  console.log(missed === 0 ? '\nEvery target met.' : `\n${missed} target(s) missed (see above).`);
}

main().catch((error: unknown) => {
  console.error(
    `Web benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
