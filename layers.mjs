// The allowed arrows between packages, as one table. Each row names the files it covers and
// what they may not import; a row placed under another also keeps its parent's refusals.
// Biome reads the rows as restricted-import overrides in biome.layers.json, which this file
// writes: `node layers.mjs` after changing a row (`--check` is the `layers` step of npm test).

const infra = ['@nocturne/infra', '@nocturne/infra/**', '**/infra/src/**'];
const servers = ['command-api', 'query-api', 'projector'].flatMap((s) => [
  `@nocturne/${s}`,
  `@nocturne/${s}/**`,
  `**/${s}/src/**`,
]);
const http = ['fastify', '@fastify/*'];
const storeDrivers = ['@eventstore/db-client', 'pg', 'nats', 'kysely'];
const nodeModules = ['node:*', 'node:*/**'].concat(
  'assert buffer child_process cluster crypto dgram dns events fs fs/promises http http2 https net os path'.split(
    ' ',
  ),
  'perf_hooks process querystring readline stream timers tls url util v8 vm worker_threads zlib'.split(' '),
);
const tests = ['!**/*.test.ts', '!**/*.test.tsx', '!**/testing/**'];

/** name, under (the parent row), files, refuse (import patterns; `!` allows), why. */
// biome-ignore format: a table reads best one row a line
export const layers = [
  { name: 'all', files: ['**', '!infra/**'], refuse: infra, why: 'nothing outside infra imports infra, tests included' },
  { name: 'query-api', under: 'all', files: ['query-api/src/**', ...tests], refuse: servers.filter((p) => !p.includes('query-api')).concat('!@nocturne/projector/read-model'), why: 'query-api imports neither command-api (it defines the ports it needs) nor projector, but for its read-model schema (@nocturne/projector/read-model)' },
  { name: 'query-api tests', under: 'all', files: ['query-api/src/**/*.test.ts', 'query-api/src/**/testing/**'], refuse: servers.filter((p) => p.includes('command-api')), why: 'query-api tests build their read model with the projector, and never go through command-api' },
  { name: 'events', under: 'all', files: ['events/src/**', 'events/*/src/**', ...tests], refuse: servers, why: 'the packages under events/ are below the servers and import none of them' },
  { name: 'store', under: 'events', files: ['events/src/**', ...tests], refuse: [...http, 'nats', '@nocturne/http-kit', '@nocturne/http-kit/**', '@nocturne/notify', '@nocturne/domain', '@nocturne/vault'], why: 'the event language and its store load no HTTP framework, no broker client, and none of the packages built on them' },
  { name: 'language', under: 'store', files: ['events/src/{index,codec,metadata,streams,recorded-event}.ts', 'events/src/catalogue/**', ...tests], refuse: [...storeDrivers, ...http, '@nocturne/*', '@nocturne/*/**', '**/store/postgres', '**/store/postgres/**', '**/store/esdb', '**/store/esdb/**', '**/store/open-event-store', '**/testing/**'], why: 'the event language loads no store adapter, HTTP framework, NATS, PostgreSQL or other package, the domain included' },
  { name: 'domain', under: 'events', files: ['events/domain/src/**', ...tests], refuse: [...storeDrivers, ...http, ...nodeModules, '@nocturne/*', '@nocturne/*/**', '../*', '../**', '!@nocturne/events', '!@nocturne/events/labels', '!@nocturne/events/reports'], why: 'the domain module is pure (the SPA bundles it): no Node module, and of the packages only the types of @nocturne/events and its label and report vocabularies' },
  { name: 'http', under: 'events', files: ['events/http-kit/src/http/**', ...tests], refuse: ['../auth', '../auth/**', '@nocturne/http-kit/auth'], why: 'in the HTTP kit, auth builds on the HTTP plumbing, never the other way round' },
  { name: 'kits', under: 'events', files: ['events/{pg-kit,notify,vault}/src/**', ...tests], refuse: [...http, '@nocturne/http-kit', '@nocturne/http-kit/**', '@nocturne/domain'], why: 'the PostgreSQL kit, the notifiers and the vault load no HTTP framework and no domain module' },
  { name: 'web', under: 'all', files: ['web/src/**'], refuse: [...nodeModules, '@nocturne/*', '@nocturne/*/**', '**/events/src/**', '**/events/*/src/**', '**/command-api/**', '**/query-api/**', '**/projector/**', '**/infra/**', '!@nocturne/domain'], why: 'the SPA imports only the domain module (@nocturne/domain) of the server packages, and no Node module' },
];

/** The Biome configuration of the table: one override per row, its ancestors' refusals first. */
export function biomeLayers(rows = layers) {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const lineage = (row) => (row.under ? [...lineage(byName.get(row.under)), row] : [row]);
  return {
    $schema: './node_modules/@biomejs/biome/configuration_schema.json',
    overrides: rows.map((row) => ({
      includes: row.files,
      linter: {
        rules: {
          style: {
            noRestrictedImports: {
              level: 'error',
              options: {
                patterns: lineage(row).map((r) => ({
                  group: r.refuse,
                  message: `Layers: ${r.why} (layers.mjs).`,
                })),
              },
            },
          },
        },
      },
    })),
  };
}

const generated = 'biome.layers.json';

if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const path = join(dirname(fileURLToPath(import.meta.url)), generated);
  const text = `${JSON.stringify(biomeLayers(), null, 2)}\n`;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {}
    if (current !== text) {
      console.error(`${generated} is not the table of layers.mjs: run \`node layers.mjs\` and commit it.`);
      process.exit(1);
    }
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${generated}`);
  }
}
