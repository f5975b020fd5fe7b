import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@nocturne/infra/launcher/free-port';
import { chromium } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { CHROME_FLAGS, CHROMIUM } from './mobile-browser';

export interface PageToAudit {
  name: string;
  url: string;
  /** A session token to put in localStorage (auth_token) before the page loads. */
  token?: string;
}

export interface Audit {
  page: string;
  /** 1, 2...: the round of runs over every page this audit belongs to. */
  run: number;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** Milliseconds, except CLS. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes of the first load: on the wire (compressed, with headers) and decoded. */
  bytes: { wire: number; raw: number; scriptWire: number; scriptRaw: number; requests: number };
  /** Where LCP's time goes: the LCP element and its phases (ms). */
  lcpElement: string;
  lcpPhases: { phase: string; timing: number }[];
  /** The scripts with the most main-thread time (ms). */
  bootup: { url: string; total: number }[];
  lhr: Result;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function summarise(lhr: Result, page: string, run: number): Audit {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ??
    []) as NetworkRequest[];
  const sum = (items: NetworkRequest[], key: 'transferSize' | 'resourceSize') =>
    items.reduce((total, item) => total + (item[key] ?? 0), 0);
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: Record<string, unknown>[] }[] }
    | undefined;
  const element = lcpDetails?.items?.[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  const phases = (lcpDetails?.items?.[1]?.items ?? []) as { phase: string; timing: number }[];
  const bootup = (
    (lhr.audits['bootup-time']?.details as { items?: { url: string; total: number }[] })?.items ?? []
  ).slice(0, 4);
  return {
    page,
    run,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: {
      wire: sum(requests, 'transferSize'),
      raw: sum(requests, 'resourceSize'),
      scriptWire: sum(scripts, 'transferSize'),
      scriptRaw: sum(scripts, 'resourceSize'),
      requests: requests.length,
    },
    lcpElement: element?.snippet ?? '(unknown)',
    lcpPhases: phases,
    bootup,
    lhr,
  };
}

/**
 * Lighthouse's error for a trace it failed to record ("Please run Lighthouse again"): a fault of the
 * recording, not of the page, so the page is audited once more. Any other error ends the bench.
 */
const TRACE_NOT_RECORDED = 'NO_NAVSTART';

/**
 * Lighthouse 12 (the npm package) on each page, on its mobile profile (simulated slow 4G, 4x CPU
 * slowdown), `runs` rounds over every page, in Debian's Chromium driven by Playwright. Each run
 * is a first load: localStorage is emptied here first (Lighthouse's own reset left a signed-in
 * page's session in it for the next page), then Lighthouse clears the origin's storage and cache,
 * except for a signed-in page, where the session is put in localStorage and the rest (HTTP cache,
 * service worker, Cache Storage) is cleared here, so an earlier page's worker never answers it.
 */
export async function auditPages(
  pages: PageToAudit[],
  runs: number,
  reportDir: string,
  log: (line: string) => void,
): Promise<Audit[]> {
  const port = await freePort();
  const profileDir = join(tmpdir(), `nocturne-lighthouse-${process.pid}`);
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`],
  });
  await mkdir(reportDir, { recursive: true });
  const audits: Audit[] = [];
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(tab);
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        log(`Lighthouse: ${page.name} (mobile, run ${run} of ${runs})`);
        const origin = new URL(page.url).origin;
        const audit = async () => {
          await tab.goto(`${origin}/robots.txt`);
          await tab.evaluate('localStorage.clear()');
          if (page.token) {
            await cdp.send('Storage.clearDataForOrigin', {
              origin,
              storageTypes: 'service_workers,cache_storage',
            });
            await tab.evaluate(`localStorage.setItem('auth_token', ${JSON.stringify(page.token)})`);
            await cdp.send('Network.clearBrowserCache');
          }
          return lighthouse(page.url, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            disableStorageReset: Boolean(page.token),
          });
        };
        let result = await audit();
        if (result?.lhr.runtimeError?.code === TRACE_NOT_RECORDED) {
          log(`Lighthouse: ${page.name} again (${result.lhr.runtimeError.message})`);
          result = await audit();
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
        const file = join(reportDir, `${page.name}-mobile-run${run}.json`);
        await writeFile(file, JSON.stringify(result.lhr));
        audits.push(summarise(result.lhr, page.name, run));
      }
    }
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
  return audits;
}
