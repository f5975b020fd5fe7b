import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { repoRoot } from '@nocturne/infra/bin/web-build';
import { migrateToAddressKey } from '@nocturne/infra/erasure/address-key-migration';
import { pickTestServices } from '@nocturne/infra/test-env';
import { MAINTENANCE_POOL_TIMEOUTS } from '@nocturne/pg-kit';
import { migrateReadModel, projections, rebuildReadModels, timingLines } from '@nocturne/projector';
import { adminCursor, encodeCursor } from '@nocturne/query-api';
import { adminToken } from '@nocturne/test-kit/api-client';
import { PostgresPiiVault } from '@nocturne/vault';
import pg from 'pg';
import { benchLikes, type LikesResult, measureLikes } from '../likes-over-http';
import { measure, rssTree, startHelloWorld } from '../read-suite';
import { variant } from '../search';
import { COMMON_WORD, VOCABULARY } from '../story-texts';
import { runNpmStart } from '../web/product';
import { diskSizes } from './disk-sizes';
import { timedRequests } from './latency';
import { ProgressBar } from './progress-bar';
import { buildScaleLog } from './scale-log';
import { shapeOf } from './scale-shape';
import { statementLines, timeStatements } from './statement-times';

/**
 * `npm run bench:scale [-- --scale 1] [--keep] [--profile]`: builds a library of `--scale` times 100,000
 * stories, 1,000,000 accounts and 10,000,000 events over 24 months through the store's append
 * path (scale-log.ts) in a database of its own, projects it from empty (the rebuild), starts the
 * product on it as `npm start` does, and measures each figure of the growth targets against it,
 * with a bare Fastify hello-world measured in the same run for the read ratios; then prints each
 * figure beside its target and the disk size of every table with its indexes. The database is
 * dropped at the end unless `--keep`. `--profile` stops after the rebuild and prints the time of
 * the build's and the rebuild's SQL statements (statement-times.ts).
 */
interface Row {
  what: string;
  figure: string;
  target: string;
  holds: boolean;
  /** The machine's load average (1 minute) when the figure was taken: others share it. */
  load: string;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const log = (line: string) => console.log(`  ${line}`);
/** A read's rate and p99, and the CPU each answer cost the server and the load generator. */
const rateLine = (r: Awaited<ReturnType<typeof measure>>) =>
  `${fmt(r.requestsPerSecond)} req/s, p99 ${r.p99Ms} ms; CPU per answer: server ${fmt(r.serverCpuUs)} µs, load generator ${fmt(r.clientCpuUs)} µs`;

function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The highest RSS of each process of the tree at `pid`, sampled every 250 ms until stopped. */
function sampleRss(pid: number): () => Map<string, number> {
  const highest = new Map<string, number>();
  const sample = () => {
    for (const row of rssTree(pid, 'product'))
      highest.set(row.process, Math.max(highest.get(row.process) ?? 0, row.mb));
  };
  sample();
  const timer = setInterval(sample, 250);
  return () => {
    clearInterval(timer);
    sample();
    return highest;
  };
}

async function main() {
  const shape = shapeOf(Number(argument('--scale') ?? 1));
  const keep = process.argv.includes('--keep');
  // Only the log and the rebuild, with the time of each SQL statement of both (a CPU profile
  // too with `node --cpu-prof`): where their time goes.
  const profile = process.argv.includes('--profile');
  const services = await pickTestServices();
  const name = `nt_scale_${String(shape.scale).replace('.', '_')}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(services.postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const admin = new pg.Client({ connectionString: services.postgresUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  console.log(
    `Nocturne at scale ${shape.scale}: ${fmt(shape.stories)} stories, ${fmt(shape.accounts)} accounts, ` +
      `${fmt(shape.events)} events over ${shape.months} months — database ${name} (${services.description})\n`,
  );
  const rows: Row[] = [];
  const record = (row: Omit<Row, 'load'>) => rows.push({ ...row, load: loadavg()[0]!.toFixed(1) });
  const notes: string[] = [];
  const secret = randomBytes(32).toString('hex');
  try {
    // 1. The log, through the store's append path.
    // The rebuild reads the log in batches of tens of thousands: longer than a request may wait.
    const store = await PostgresEventStore.connect({
      connectionString: databaseUrl,
      timeouts: MAINTENANCE_POOL_TIMEOUTS,
    });
    const vaults = await Promise.all([1, 2, 3].map(() => PostgresPiiVault.connect(databaseUrl)));
    let built: Awaited<ReturnType<typeof buildScaleLog>>;
    try {
      console.log('1. The log, through the store (appends in flight side by side, group commits)');
      // What the product's first start does on an empty log: a database that began with this
      // version has the one-time claim migration behind it. Left to the measured start, it would
      // time an upgrade's scan of the whole log instead (docs/operations.md).
      await migrateToAddressKey(store, vaults[0]!, () => {});
      const statements = profile ? timeStatements() : undefined;
      built = await buildScaleLog(databaseUrl, store, vaults, shape, secret);
      const groups = store.appendGroupStats();
      log(
        `${fmt(built.events)} events appended in ${built.seconds.toFixed(0)} s (${fmt(built.events / built.seconds)} events/s), ` +
          `in ${fmt(groups.groups)} group commits of ${groups.meanGroupSize.toFixed(0)} appends on average`,
      );
      if (statements) for (const line of statementLines(statements.take())) log(line);
      notes.push(
        `generating the log took ${(built.seconds / 60).toFixed(1)} min (${fmt(built.events / built.seconds)} events/s)`,
      );
      // A log of 24 months on a server has long been vacuumed and analysed by autovacuum; this
      // one was written in minutes, and a server may run with autovacuum off. Left as it is, the
      // rebuild's first read of every row would set its hint bits (writing the whole log again)
      // and every plan would be made without statistics: the figures would time that, once.
      const vacuumStarted = performance.now();
      const maintenance = new pg.Client({ connectionString: databaseUrl });
      await maintenance.connect();
      await maintenance.query('vacuum (analyze)').finally(() => maintenance.end());
      const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
      log(`the log vacuumed and analysed in ${vacuumSeconds.toFixed(0)} s`);
      notes.push(`vacuuming and analysing the log took ${vacuumSeconds.toFixed(0)} s (not in any figure)`);

      // 2. The read models projected from empty: the rebuild, while an (empty) live schema serves.
      console.log('\n2. The read models from empty (npm run rebuild: a spare schema, swapped in)');
      await migrateReadModel(databaseUrl);
      const head = await store.headPosition();
      const bar = new ProgressBar('rebuild', head);
      const rebuild = await rebuildReadModels({
        databaseUrl,
        store,
        vault: vaults[0]!,
        projections,
        onProgress: (p) => bar.update(p.position, Math.max(p.head, p.position)),
      });
      bar.finish();
      // Positions are gap-free: the position reached is the number of events projected.
      const rate = rebuild.position / rebuild.seconds;
      log(`${fmt(rebuild.position)} events in ${rebuild.seconds.toFixed(1)} s = ${fmt(rate)} events/s`);
      for (const line of timingLines(rebuild.timings)) log(`  ${line}`);
      if (statements) {
        for (const line of statementLines(statements.take())) log(line);
        statements.stop();
      }
      record({
        what: `rebuild of ${fmt(rebuild.position)} events`,
        figure: `${fmt(rate)} events/s (${rebuild.seconds.toFixed(0)} s)`,
        target: '>= 60,000 events/s',
        holds: rate >= 60_000,
      });
    } finally {
      await store.close();
      await Promise.all(vaults.map((v) => v.close()));
    }

    if (profile) return;

    // 3. The product on the full read models.
    console.log('\n3. The product as npm start starts it, on the full read models');
    spawnSync(process.execPath, [join(repoRoot, 'infra/bin/bootstrap.mjs'), 'build'], { stdio: 'inherit' });
    const startedAt = performance.now();
    const product = await runNpmStart({
      DATABASE_URL: databaseUrl,
      NATS_URL: '',
      DEMO: '0',
      APP_SECRET: secret,
    });
    const base = product.baseUrl;
    let likesFull: LikesResult | undefined;
    try {
      const first = await fetch(`${base}/api/stories?limit=20`);
      await first.arrayBuffer();
      const startSeconds = (performance.now() - startedAt) / 1000;
      log(`serving ${first.status} after ${startSeconds.toFixed(1)} s`);
      record({
        what: 'start: serving after',
        figure: `${startSeconds.toFixed(1)} s`,
        target: '< 10 s',
        holds: startSeconds < 10 && first.ok,
      });

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const deepStories = Math.min(50_000, Math.floor(shape.stories / 2));
      const deepUsers = Math.min(500_000, Math.floor(shape.accounts / 2));
      const storyAt = await client.query<{ position: string }>(
        'select position from read_model.stories where hidden_reason is null order by position desc offset $1 limit 1',
        [deepStories - 1],
      );
      const deepCursor = encodeCursor(Number(storyAt.rows[0]!.position));
      const userAt = await client.query<{ created_at: Date; user_key: string }>(
        'select created_at, user_key from read_model.users order by created_at desc, user_key desc offset $1 limit 1',
        [deepUsers - 1],
      );
      const deepUserCursor = adminCursor([
        userAt.rows[0]!.created_at.toISOString(),
        userAt.rows[0]!.user_key,
      ]);
      const tagRow = await client.query<{ tag: string; n: string }>(
        `select tag, count(*) as n from read_model.stories, jsonb_array_elements_text(card->'tags') tag
          group by tag order by 2 desc limit 1`,
      );
      const tag = tagRow.rows[0]!.tag;
      await client.end();

      // Reads at 64 connections, beside a bare Fastify hello-world before and after.
      const hello = await startHelloWorld();
      const encoding = { 'accept-encoding': 'br, gzip' };
      const stopSampling = sampleRss(product.pid);
      try {
        const helloBefore = await measure(hello.url, {}, hello.child.pid ?? 0);
        log(`hello-world: ${rateLine(helloBefore)}`);
        const reads: Array<[string, string, Record<string, string>, number | null, number]> = [
          ['first page, anonymous (?limit=20)', '/api/stories?limit=20', encoding, 0.4, 10],
          [
            `a page ${fmt(deepStories)} stories deep (cursor)`,
            `/api/stories?limit=20&cursor=${deepCursor}`,
            encoding,
            0.4,
            10,
          ],
          [
            `a tag's first page (${tag})`,
            `/api/stories?limit=20&tag=${encodeURIComponent(tag)}`,
            encoding,
            null,
            20,
          ],
          [
            "a premium member's first page",
            '/api/stories?limit=20',
            { ...encoding, authorization: `Bearer ${built.premiumMemberToken}` },
            null,
            20,
          ],
        ];
        const measured = [];
        for (const [what, path, headers, ratio, p99] of reads) {
          const result = await measure(`${base}${path}`, headers, product.pid);
          log(`${what}: ${rateLine(result)}`);
          measured.push({ what, result, ratio, p99 });
        }
        const helloAfter = await measure(hello.url, {}, hello.child.pid ?? 0);
        const ceiling = (helloBefore.requestsPerSecond + helloAfter.requestsPerSecond) / 2;
        log(`hello-world again: ${rateLine(helloAfter)}`);
        record({
          what: 'bare Fastify hello-world (mean of before, after)',
          figure: `${fmt(ceiling)} req/s, p99 ${helloBefore.p99Ms} and ${helloAfter.p99Ms} ms`,
          target: '(the ceiling)',
          holds: true,
        });
        for (const { what, result, ratio, p99 } of measured) {
          const share = result.requestsPerSecond / ceiling;
          const ratioHolds = ratio === null || share >= ratio;
          record({
            what: `${what}, 64 connections`,
            figure: `${fmt(result.requestsPerSecond)} req/s = ${share.toFixed(2)}x, p99 ${result.p99Ms} ms`,
            target: `${ratio === null ? '' : `>= ${ratio}x, `}p99 < ${p99} ms`,
            holds: ratioHolds && result.p99Ms < p99,
          });
        }
      } finally {
        hello.child.kill('SIGTERM');
      }

      // No unbounded answer.
      const unpaged = await fetch(`${base}/api/stories`);
      const unpagedCount = ((await unpaged.json()) as unknown[]).length;
      const code = await adminToken(base, product.adminPassword);
      const asAdmin = { 'x-admin-code': code };
      const usersPage = await fetch(`${base}/api/admin/users`, { headers: asAdmin });
      const usersCount = ((await usersPage.json()) as { users: unknown[] }).users.length;
      const paymentsPage = await fetch(`${base}/api/admin/payments`, { headers: asAdmin });
      const paymentsCount = ((await paymentsPage.json()) as { payments: unknown[] }).payments.length;
      record({
        what: 'GET /api/stories, /api/admin/users, /api/admin/payments without ?limit',
        figure: `${unpagedCount}, ${usersCount}, ${paymentsCount} rows; cursor ${unpaged.headers.has('x-next-cursor') ? 'yes' : 'no'}, ${usersPage.headers.has('x-next-cursor') ? 'yes' : 'no'}, ${paymentsPage.headers.has('x-next-cursor') ? 'yes' : 'no'}`,
        target: '<= 100 each, X-Next-Cursor',
        // A list of a full page says where the rest starts.
        holds: (
          [
            [unpagedCount, unpaged],
            [usersCount, usersPage],
            [paymentsCount, paymentsPage],
          ] as const
        ).every(([count, answer]) => count <= 100 && (count < 100 || answer.headers.has('x-next-cursor'))),
      });

      // Search: a common word alone, then ten different words side by side (each request a key
      // query-api has not kept: the ranking runs every time); searches are limited per account,
      // so they rotate over the accounts the bench holds sessions of.
      const tokens = built.memberTokens;
      const member = (n: number) => ({ authorization: `Bearer ${tokens[n % tokens.length]!}` });
      const searchUrl = (q: string) => `${base}/api/search?${new URLSearchParams({ q })}`;
      // Not timed, as the other reads have their warm-up: the first searches after a start open
      // the pool's connections and run code not yet compiled (the first one alone takes tens of
      // ms), and a p99 of 100 searches in a row is their slowest.
      await timedRequests(10, 2, (w, n) => ({
        url: searchUrl(variant(VOCABULARY[w]!, 500 + n)),
        headers: member(300 + w * 2 + n),
      }));
      const alone = await timedRequests(1, 100, (_, n) => ({
        url: searchUrl(variant(COMMON_WORD, n)),
        headers: member(n),
      }));
      const side = await timedRequests(10, 20, (w, n) => ({
        url: searchUrl(variant(VOCABULARY[w]!, 1000 + n)),
        headers: member(100 + w * 20 + n),
      }));
      log(`search "${COMMON_WORD}": p99 ${ms(alone.p99Ms)}; ten words side by side: p99 ${ms(side.p99Ms)}`);
      record({
        what: `search "${COMMON_WORD}", alone (uncached, 100 in a row)`,
        figure: `p50 ${ms(alone.p50Ms)}, p99 ${ms(alone.p99Ms)}`,
        target: 'p99 < 50 ms',
        holds: alone.p99Ms < 50,
      });
      record({
        what: 'search, 10 different words side by side (uncached)',
        figure: `p50 ${ms(side.p50Ms)}, p99 ${ms(side.p99Ms)}`,
        target: 'p99 < 50 ms',
        holds: side.p99Ms < 50,
      });

      // The admin panel (4 connections: a few admins at once).
      const adminCases: Array<[string, string, number]> = [
        ['admin users, first page', '/api/admin/users', 50],
        [
          `admin users, a page ${fmt(deepUsers)} deep (cursor)`,
          `/api/admin/users?cursor=${deepUserCursor}`,
          50,
        ],
        ['admin lookup by e-mail', `/api/admin/users?email=${encodeURIComponent(built.someEmail)}`, 10],
        ['admin monthly growth chart', '/api/admin/users/monthly-stats', 50],
        ['admin pending payments, first page', '/api/admin/payments', 50],
      ];
      for (const [what, path, p99] of adminCases) {
        const result = await measure(`${base}${path}`, asAdmin, product.pid, 200, {
          connections: 4,
          seconds: 5,
          warmUpSeconds: 1,
        });
        log(`${what}: ${fmt(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`);
        record({
          what: `${what}, 4 connections`,
          figure: `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
          target: `p99 < ${p99} ms`,
          holds: result.p99Ms < p99,
        });
      }
      const replay = await timedRequests(1, 20, () => ({
        url: `${base}/api/admin/users/${encodeURIComponent(built.heavyEmail)}/history`,
        headers: asAdmin,
      }));
      record({
        what: `audit replay of an account with ${fmt(shape.heavyAccountEvents)} events`,
        figure: `p50 ${ms(replay.p50Ms)}, max ${ms(replay.maxMs)}`,
        target: '< 100 ms',
        holds: replay.maxMs < 100,
      });
      const premium = await timedRequests(1, 100, () => ({
        url: `${base}/api/me/premium`,
        headers: { authorization: `Bearer ${built.heavyToken}` },
      }));
      record({
        what: 'that account\'s "My premium" page',
        figure: `p50 ${ms(premium.p50Ms)}, p99 ${ms(premium.p99Ms)}`,
        target: '< 20 ms',
        holds: premium.p99Ms < 20,
      });
      log(`audit replay: max ${ms(replay.maxMs)}; My premium: p99 ${ms(premium.p99Ms)}`);

      const highest = stopSampling();
      const top = Math.max(...highest.values());
      record({
        what: 'memory: highest RSS of a process under the reads',
        figure: [...highest]
          .map(([process, value]) => `${process.split(' (')[0]} ${fmt(value)} MB`)
          .join('; '),
        target: '< 300 MB each',
        holds: top < 300,
      });

      // Likes on the full data set, then on an empty store, side by side.
      const firstPage = (await (await fetch(`${base}/api/stories?limit=60`)).json()) as {
        id: string;
        isPremium: boolean;
      }[];
      const ids = firstPage
        .filter((s) => !s.isPremium)
        .slice(0, 16)
        .map((s) => s.id);
      const likeStore = await PostgresEventStore.connect({ connectionString: databaseUrl });
      try {
        likesFull = await measureLikes({ baseUrl: base, ids, store: likeStore }, log);
      } finally {
        await likeStore.close();
      }
    } finally {
      await product.stop();
    }
    console.log('\n4. Likes on an empty store, the same way');
    const likesEmpty = await benchLikes(services.postgresUrl, log);
    if (likesFull) {
      const share = likesFull.likesPerSecond / likesEmpty.likesPerSecond;
      record({
        what: 'likes over HTTP, 64 connections, full vs empty store',
        figure: `${fmt(likesFull.likesPerSecond)}/s vs ${fmt(likesEmpty.likesPerSecond)}/s = ${(share * 100).toFixed(0)}%`,
        target: '>= 80%',
        holds: share >= 0.8,
      });
      record({
        what: 'likes: read model behind during the load (full store)',
        figure: `at most ${fmt(likesFull.maxBehindMs)} ms`,
        target: '<= 1,000 ms',
        holds: likesFull.maxBehindMs <= 1000,
      });
    }

    // 5. Sizes on disk.
    const sizes = await diskSizes(databaseUrl);
    console.log(`\nResults (one run, scale ${shape.scale})\n`);
    const width = Math.max(...rows.map((r) => r.what.length));
    const figureWidth = Math.max(...rows.map((r) => r.figure.length));
    const targetWidth = Math.max(...rows.map((r) => r.target.length + (r.holds ? 0 : 8)));
    console.log(
      `  ${'figure'.padEnd(width)}  ${'measured'.padEnd(figureWidth)}  ${'target'.padEnd(targetWidth)}  load`,
    );
    for (const row of rows) {
      const target = `${row.target}${row.holds ? '' : '  MISSED'}`;
      console.log(
        `  ${row.what.padEnd(width)}  ${row.figure.padEnd(figureWidth)}  ${target.padEnd(targetWidth)}  ${row.load}`,
      );
    }
    console.log('\n  Sizes on disk (table | rows | table | indexes)');
    for (const size of sizes.filter((s) => s.tableBytes + s.indexBytes > 64 * 1024)) {
      console.log(
        `  ${size.table.padEnd(40)} ${fmt(size.rows).padStart(12)} ${mb(size.tableBytes).padStart(9)} ${mb(size.indexBytes).padStart(9)}`,
      );
    }
    for (const note of notes) console.log(`\n  Note: ${note}`);
  } finally {
    if (keep) console.log(`\nKept the database ${name} (--keep).`);
    else {
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
    await admin.end();
    await services.stop();
  }
}

main().catch((error: unknown) => {
  console.error(
    `bench:scale failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
