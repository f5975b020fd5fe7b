#!/usr/bin/env node
// The entry point of every root npm script (start, test, bench, rebuild, audit). Plain Node with
// no dependencies, so that it works on a fresh clone with only Node (package.json engines): it installs the
// dependencies when they are missing or stale, compiles the server (infra/dist) and builds the
// web app when their sources changed, then runs the compiled command with plain node (the
// benchmarks, a development tool, run from the TypeScript sources through tsx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureServerBuilt, serverDist, watch } from './build.mjs';
import { rebuildNodeArguments, serverEnvironment, serverNodeArguments } from './server-runtime.mjs';
import { ensureWebBuilt, repoRoot } from './web-build.mjs';

const root = repoRoot;
const say = (line) => console.log(`[nocturne] ${line}`);

/** The floor is package.json's "engines" (one place to move it). */
function checkNode() {
  const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
  const floor = Number(engines.match(/\d+/)[0]);
  const major = Number(process.versions.node.split('.')[0]);
  if (major < floor) {
    console.error(`Nocturne needs Node.js ${floor} or newer (this is ${process.version}).`);
    process.exit(1);
  }
}

/** node_modules is missing, or older than package-lock.json: `npm ci`. */
function ensureInstalled() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  let reason = null;
  if (!existsSync(join(root, 'node_modules'))) reason = 'node_modules is missing';
  else if (!existsSync(installed)) reason = 'node_modules is incomplete';
  else if (existsSync(lock) && statSync(installed).mtimeMs < statSync(lock).mtimeMs)
    reason = 'package-lock.json changed since the last install';
  if (!reason) return;
  say(`installing dependencies (${reason}): npm ci`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // A system Chromium is used (infra/e2e/playwright.config.ts); never download browsers.
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  const options = { cwd: root, stdio: 'inherit', env };
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], options);
  if (result.status !== 0) {
    console.error(
      '[nocturne] npm ci failed; see the output above. If it says the lock is out of sync, run ' +
        '`npm install` and then `node infra/bin/complete-lock.mjs`, and commit package-lock.json.',
    );
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs a TypeScript entry point in one Node process with the tsx loader (given `nodeArguments`
 * before it), passing signals on, and resolves with its exit code.
 */
function runTs(file, args, env = process.env, nodeArguments = []) {
  return run(process.execPath, [...nodeArguments, '--import', 'tsx', join(root, file), ...args], env);
}

/**
 * Runs a compiled entry point (infra/dist/<name>.mjs, compiled first when stale) with plain node,
 * given `nodeArguments` before it.
 */
async function runCompiled(name, args, env = process.env, nodeArguments = []) {
  await ensureServerBuilt({ log: say });
  return run(process.execPath, [...nodeArguments, join(serverDist, `${name}.mjs`), ...args], env);
}

/**
 * Runs a command with the terminal, passing SIGINT and SIGTERM on, and resolves with its exit
 * code. A product stopped with Ctrl+C stopped as asked (0); a test runner stopped by a signal
 * did not finish its tests (`stoppedIsFailure`: 1).
 */
function run(command, args, env = process.env, { stoppedIsFailure = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    const forward = (signal) => {
      if (child.exitCode === null) child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const stopped = signal === 'SIGINT' || signal === 'SIGTERM';
      resolve(code ?? (stopped && !stoppedIsFailure ? 0 : 1));
    });
  });
}

const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

// ---------------------------------------------------------------------------------------------
// npm test: typecheck, layers, lint, contract, unit, integration, e2e — in that order, stopping at the first failure.

const reportDir = join(root, 'artifacts', 'test-run');

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Runs a command, echoing its output, and keeps the output for counting. */
function runCaptured(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      output += chunk;
    });
    const forward = (signal) => child.exitCode === null && child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code: code ?? 1, output });
    });
  });
}

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripAnsi = (text) => text.replace(ansi, '');

function vitestCounts(file) {
  const json = readJson(file);
  if (!json) return null;
  const skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  return {
    passed: json.numPassedTests ?? 0,
    failed: json.numFailedTests ?? 0,
    skipped,
    text: `${json.numPassedTests} passed, ${json.numFailedTests} failed, ${skipped} skipped (${json.numTotalTestSuites ?? '?'} suites)`,
  };
}

function playwrightCounts(file) {
  const json = readJson(file);
  if (!json?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = json.stats;
  return {
    passed: expected,
    failed: unexpected,
    skipped,
    text: `${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped`,
  };
}

/**
 * `tsc` over the node packages, the web app and the e2e specs, in two lanes side by side: the
 * packages' alone takes about as long as the other two one after the other.
 */
async function typecheck() {
  const lanes = [['tsconfig.json'], ['web/tsconfig.json', 'infra/e2e/tsconfig.json']];
  const results = await Promise.all(
    lanes.map(async (projects) => {
      let output = '';
      for (const project of projects) {
        const checked = await runCaptured(bin('tsc'), ['-p', project, '--noEmit']);
        output += checked.output;
        if (checked.code !== 0) return { code: checked.code, output };
      }
      return { code: 0, output };
    }),
  );
  return {
    code: results.find((result) => result.code !== 0)?.code ?? 0,
    output: results.map((result) => result.output).join(''),
  };
}

const steps = [
  {
    name: 'typecheck',
    async run() {
      const { code, output } = await typecheck();
      const errors = (stripAnsi(output).match(/error TS\d+/g) ?? []).length;
      return {
        ok: code === 0,
        text: errors ? `${errors} type errors` : 'no type errors (node packages, web, e2e)',
      };
    },
  },
  {
    // The allowed arrows between packages: the table in layers.mjs, which Biome reads as the
    // restricted-import overrides it writes to biome.layers.json. Reported apart from style so
    // a crossing is named.
    name: 'layers',
    async run() {
      const table = await runCaptured(process.execPath, ['layers.mjs', '--check']);
      if (table.code !== 0) return { ok: false, text: stripAnsi(table.output).trim() };
      const { code, output } = await runCaptured(bin('biome'), [
        'lint',
        '--only=style/noRestrictedImports',
        '--reporter=github',
        '--max-diagnostics=50',
        '.',
      ]);
      const crossings = stripAnsi(output)
        .split('\n')
        .filter((line) => line.startsWith('::error'));
      return {
        ok: code === 0,
        text: crossings.length ? `${crossings.length} imports cross a layer` : 'no import crosses a layer',
      };
    },
  },
  {
    name: 'lint',
    async run() {
      const { code, output } = await runCaptured(bin('biome'), ['check', '.']);
      const text = stripAnsi(output);
      const files = text.match(/Checked (\d+) files?/)?.[1];
      const errors = text.match(/Found (\d+) errors?/)?.[1] ?? '0';
      const warnings = text.match(/Found (\d+) warnings?/)?.[1] ?? '0';
      return {
        ok: code === 0,
        text: `${files ?? '?'} files checked, ${errors} errors, ${warnings} warnings`,
      };
    },
  },
  {
    // The API document (web/src/api/generated/openapi.json, which the integration tier compares
    // with the one the server answers): Redocly's recommended rules with every warning an error
    // (redocly.yaml), and the SPA's client types (schema.d.ts) generated from this very document.
    // The traffic check, Prism in front of the product, runs in the e2e tier.
    name: 'contract',
    async run() {
      const document = join(root, 'web', 'src', 'api', 'generated', 'openapi.json');
      const lint = await runCaptured(bin('redocly'), ['lint', document, '--format=summary'], {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      });
      const fresh = join(reportDir, 'schema.d.ts');
      const generated = await runCaptured(bin('openapi-typescript'), [document, '--output', fresh]);
      const committed = join(root, 'web', 'src', 'api', 'generated', 'schema.d.ts');
      const current = generated.code === 0 && readFileSync(fresh, 'utf8') === readFileSync(committed, 'utf8');
      const problems = stripAnsi(lint.output).match(/(\d+) errors? and (\d+) warnings?/);
      return {
        ok: lint.code === 0 && current,
        text: [
          lint.code === 0 ? 'Redocly: no error, no warning' : `Redocly: ${problems?.[0] ?? 'failed'}`,
          current ? 'client types current' : 'client types stale: run `npm run openapi`',
        ].join('; '),
      };
    },
  },
  ...['unit', 'integration'].map((tier) => ({
    name: tier,
    async run() {
      const out = join(reportDir, `${tier}.json`);
      rmSync(out, { force: true });
      const code = await run(
        bin('vitest'),
        ['run', '--project', tier, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
        process.env,
        { stoppedIsFailure: true },
      );
      const counts = vitestCounts(out);
      return { ok: code === 0, text: counts?.text ?? `exit code ${code}`, counts };
    },
  })),
  {
    name: 'e2e',
    async run() {
      const out = join(reportDir, 'e2e.json');
      rmSync(out, { force: true });
      const code = await run(
        bin('playwright'),
        ['test', '-c', 'infra/e2e/playwright.config.ts'],
        { ...process.env, NOCTURNE_E2E_JSON: out },
        { stoppedIsFailure: true },
      );
      const counts = playwrightCounts(out);
      return { ok: code === 0, text: counts?.text ?? `exit code ${code}`, counts };
    },
  },
];

async function test(args) {
  const unknown = args.filter((a) => !steps.some((s) => s.name === a));
  if (unknown.length) {
    console.error(
      `Unknown test step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`,
    );
    return 2;
  }
  const selected = args.length ? steps.filter((s) => args.includes(s.name)) : steps;
  mkdirSync(reportDir, { recursive: true });
  const results = [];
  let failed = false;
  for (const step of steps) {
    if (!selected.includes(step)) continue;
    if (failed) {
      results.push({ name: step.name, status: 'not run', text: 'an earlier step failed' });
      continue;
    }
    console.log(`\n[nocturne] ── ${step.name} ${'─'.repeat(60 - step.name.length)}`);
    const started = Date.now();
    const result = await step.run().catch((error) => ({ ok: false, text: String(error) }));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    results.push({
      name: step.name,
      status: result.ok ? 'passed' : 'FAILED',
      text: `${result.text} (${seconds}s)`,
      counts: result.counts,
    });
    if (!result.ok) failed = true;
  }
  console.log('\n[nocturne] ── summary ─────────────────────────────────────────────');
  for (const r of results) console.log(`  ${r.status.padEnd(8)} ${r.name.padEnd(12)} ${r.text}`);
  const tests = results.filter((r) => r.counts);
  const total = (key) => tests.reduce((sum, r) => sum + r.counts[key], 0);
  console.log(
    `  tests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped` +
      ` — ${failed ? 'FAILED' : 'all steps passed'}`,
  );
  return failed ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------

const commands = {
  async start(args) {
    ensureWebBuilt({ log: say });
    const split = args.includes('--split');
    const rest = args.filter((a) => a !== '--split');
    // The server's memory settings (server-runtime.mjs); split mode gives its services the same.
    return runCompiled(split ? 'split' : 'start', rest, serverEnvironment(process.env), serverNodeArguments);
  },
  async build() {
    await buildAll({ log: say });
    return 0;
  },
  dev: (args) => watch(args, { log: say }),
  test,
  typecheck: async () => (await typecheck()).code,
  bench: (args) => runTs('infra/bench/index.ts', args),
  'bench:web': (args) => runTs('infra/bench/web/main.ts', args),
  // The growth targets against a library of 100,000 stories, 1,000,000 accounts and 10,000,000
  // events (`-- --scale 0.01` for a quick run): infra/bench/scale/scale-bench.ts.
  'bench:scale': (args) => runTs('infra/bench/scale/scale-bench.ts', args, process.env, rebuildNodeArguments),
  // The fault suite: PostgreSQL, the projector and NATS killed, stalled and stopped under load
  // (infra/src/faults); minutes long, so not a step of npm test.
  'test:faults': (args) => runTs('infra/src/faults/fault-suite.ts', args),
  rebuild: (args) => runCompiled('rebuild', args, process.env, rebuildNodeArguments),
  audit: (args) => runCompiled('audit', args),
  processor: (args) => runCompiled('processor', args),
  reconcile: (args) => runCompiled('reconcile', args),
  'verify-log': (args) => runCompiled('verify-log', args),
  'verify-read-models': (args) => runCompiled('verify-read-models', args, process.env, rebuildNodeArguments),
};

async function main() {
  checkNode();
  const [name, ...rest] = process.argv.slice(2);
  // `node infra/bin/bootstrap.mjs audit -- --email x` (npm already drops the `--`).
  const args = rest[0] === '--' ? rest.slice(1) : rest;
  const command = commands[name ?? ''];
  if (!command) {
    console.error(`usage: node infra/bin/bootstrap.mjs <${Object.keys(commands).join('|')}> [args]`);
    process.exit(2);
  }
  ensureInstalled();
  process.exitCode = await command(args);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
