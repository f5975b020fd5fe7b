import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { serverNodeArguments } from '@nocturne/infra/bin/server-runtime';
import { freePort } from '@nocturne/infra/launcher/free-port';
import { repoRoot } from '@nocturne/infra/system/repo-root';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containerEnv,
  execForm,
  imageUsers,
  parseDockerfile,
  type ReplayedStage,
  replayStages,
} from './testing/dockerfile-replay';

/**
 * The image without a container runtime: infra/deploy/Dockerfile's stages replayed in order in a
 * clean copy of the repository (the files git knows, as a build context holds them), the
 * runtime stage in a folder of its own with only what it copies from the build stage; then the
 * four split-mode roles started from the runtime stage's ENTRYPOINT and CMD, as the compose file
 * starts them, on a test database and free ports. Both installs use the machine's npm cache
 * (--prefer-offline), so the replay takes well under a minute when the cache is warm.
 */
const root = repoRoot();
const ADMIN_PASSWORD = 'dockerfile-replay-admin';
const secret = (label: string) => `${label}-`.padEnd(64, 'x');

let scratch: string;
let database: TestDatabase | undefined;
let replayed: ReplayedStage[] = [];
let runtime: ReplayedStage;
const services: { role: string; child: ChildProcess; output: () => string }[] = [];
const ports: Record<string, number> = {};
const timings: string[] = [];

/**
 * Where the stages are replayed: in memory (/dev/shm) when the machine has it, where writing and
 * removing two node_modules trees (~850 MB) takes seconds rather than a minute on a busy disk.
 * Leftovers of a run that was killed before its cleanup (older than an hour) are removed.
 */
function scratchParent(): string {
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  for (const entry of readdirSync(parent)) {
    const path = join(parent, entry);
    if (entry.startsWith('nocturne-dockerfile-') && Date.now() - statSync(path).mtimeMs > 3_600_000)
      rmSync(path, { recursive: true, force: true });
  }
  return parent;
}

/** The files a build context would hold: those git tracks or would track, as in the working tree. */
function cleanCopy(into: string) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    const source = join(root, file);
    if (!existsSync(source)) continue; // deleted in the working tree, not yet in a commit
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(source, join(into, file), { preserveTimestamps: true });
  }
}

/** One container of the runtime stage: ENTRYPOINT plus the role (or CMD), as its USER. */
function startContainer(role: string | undefined, env: Record<string, string>) {
  const argv = [...runtime.entrypoint, ...(role ? [role] : runtime.cmd)];
  const uid = imageUsers[runtime.user]!;
  // As the image's user when this test may switch to it (root, as on CI): the runtime stage's
  // files must be readable, and DATA_DIR writable, by that user.
  const asUser = process.getuid?.() === 0 ? { uid, gid: uid } : {};
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: runtime.hostPath('.'),
    env: containerEnv(runtime, env),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    ...asUser,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const name = role ?? runtime.cmd.join(' ');
  services.push({ role: name, child, output: () => output });
  // service.mjs says "ready" over IPC once it listens (the split supervisor waits the same way).
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 60 s:\n${output}`)), 60_000);
    child.on('message', (message) => {
      if ((message as { ready?: string }).ready === name) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} during start:\n${output}`));
    });
  });
}

/** Stops a process, SIGKILL after 5 s: a cleanup that cannot hang. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The image's Node major (FROM node:<major>-...). The replay runs on the machine's node, so on
 * another major it would not be the image's run: it is skipped there, and says so. CI runs it on
 * the image's major and sets DOCKERFILE_REPLAY_REQUIRED, so that an image moved to a Node no tier
 * runs fails there instead of going untested.
 */
const imageNode = /^node:(\d+)/.exec(
  parseDockerfile(readFileSync(join(root, 'infra/deploy/Dockerfile'), 'utf8'))[0]!.base,
)?.[1];
const thisNode = process.versions.node.split('.')[0];
if (imageNode !== thisNode) {
  const why = `the image runs Node ${imageNode}, this is Node ${thisNode}`;
  if (process.env.DOCKERFILE_REPLAY_REQUIRED) throw new Error(`[dockerfile replay] cannot run: ${why}`);
  console.log(`[dockerfile replay] skipped: ${why}`);
}

describe.skipIf(imageNode !== thisNode)('infra/deploy/Dockerfile, replayed', () => {
  beforeAll(async () => {
    scratch = mkdtempSync(join(scratchParent(), 'nocturne-dockerfile-'));
    // Traversable by the image's user (the stages' folders are inside).
    chmodSync(scratch, 0o755);
    const timed = async <T>(label: string, step: () => T | Promise<T>): Promise<T> => {
      const started = Date.now();
      const result = await step();
      timings.push(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return result;
    };
    const context = join(scratch, 'context');
    await timed('clean copy', () => cleanCopy(context));
    const stages = parseDockerfile(readFileSync(join(context, 'infra/deploy/Dockerfile'), 'utf8'));
    replayed = await timed('build and runtime stages', () =>
      replayStages(stages, {
        context,
        tmp: scratch,
        // The machine's npm cache, used without asking the registry for what it holds.
        runEnv: {
          npm_config_prefer_offline: 'true',
          npm_config_update_notifier: 'false',
          npm_config_loglevel: 'error',
        },
        log: (line) => timings.push(line),
      }),
    );
    runtime = replayed.at(-1)!;

    database = await createTestDatabase('docker');
    for (const role of ['projector', 'command-api', 'query-api', 'gateway']) ports[role] = await freePort();
    const shared = {
      DATABASE_URL: database.url,
      APP_SECRET: secret('app-secret'),
      INTERNAL_TOKEN: secret('internal-token'),
      ADMIN_PASSWORD,
      // The image runs in production mode, which makes up no invite codes.
      INVITE_CODES: 'dockerfile-replay-invite',
      LOG_LEVEL: 'warn',
      SPLIT_COMMAND_API_URL: `http://127.0.0.1:${ports['command-api']}`,
      SPLIT_QUERY_API_URL: `http://127.0.0.1:${ports['query-api']}`,
      // This machine's loopback only (the image listens on every interface of its container).
      SPLIT_LISTEN_HOST: '127.0.0.1',
      SPLIT_GATEWAY_HOST: '127.0.0.1',
    };
    const port = (role: string) => ({ SPLIT_SERVICE_PORT: String(ports[role]) });
    await timed('containers started', async () => {
      // The projector migrates the read models: first, as compose's depends_on has it.
      await startContainer('projector', { ...shared, ...port('projector') });
      await Promise.all([
        startContainer('command-api', { ...shared, ...port('command-api') }),
        startContainer('query-api', { ...shared, ...port('query-api') }),
      ]);
      // The gateway is the image's default command (CMD).
      await startContainer(undefined, { ...shared, ...port('gateway') });
    });
  }, 360_000);

  afterAll(async () => {
    console.log(`[dockerfile replay]\n  ${timings.join('\n  ')}`);
    const bounded = (work: Promise<unknown>) =>
      Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await bounded(Promise.all(services.map((s) => stop(s.child))));
    if (database) await bounded(database.drop());
    if (scratch) rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  }, 90_000);

  it('has a build stage with the dev dependencies and a runtime stage with the compiled output only', () => {
    expect(replayed.map((s) => s.name)).toEqual(['manifests', 'build', 'runtime']);
    // The build stage had the dev dependencies (vite, esbuild) for `npm run build`.
    const build = replayed.find((s) => s.name === 'build')!;
    expect(existsSync(build.hostPath('node_modules/vite'))).toBe(true);
    expect(existsSync(build.hostPath('infra/dist/service.mjs'))).toBe(true);
    // `npm run build` built once, on the install before it (it did not find the lock newer
    // than node_modules and install again).
    expect(build.said.filter((l) => /installing/.test(l))).toEqual([]);
    expect(build.said.filter((l) => /server compiled/.test(l))).toHaveLength(1);
    // The runtime stage: no dev dependency, no TypeScript source, the bundles and the SPA.
    const app = runtime.hostPath('.');
    for (const devOnly of ['tsx', 'vite', 'typescript', 'vitest', 'esbuild']) {
      expect(existsSync(join(app, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    // infra's own bundles and manifest, and the manifests of the workspaces inside it (bench,
    // deploy, e2e), which npm ci needs to accept the lock: no source of theirs. (npm nests in
    // infra/node_modules a dependency of infra's whose version differs from the root's.)
    expect(
      readdirSync(join(app, 'infra'))
        .filter((name) => name !== 'node_modules')
        .sort(),
    ).toEqual(['bench', 'deploy', 'dist', 'e2e', 'package.json']);
    for (const workspace of ['bench', 'deploy', 'e2e'])
      expect(readdirSync(join(app, 'infra', workspace)), workspace).toEqual(['package.json']);
    expect(existsSync(join(app, 'web/dist/index.html'))).toBe(true);
    expect(existsSync(join(app, 'events/src'))).toBe(false);
    expect(runtime.user).toBe('node');
    expect(runtime.entrypoint).toEqual(['node', ...serverNodeArguments, 'infra/dist/service.mjs']);
  });

  it('checks its health with node alone: /healthz on SPLIT_SERVICE_PORT answering 2xx', async () => {
    const check = runtime.healthcheck!;
    const command = execForm(check.slice(check.indexOf('CMD') + 3).trim());
    // The command as the container runs it, against a stand-in for the service on a free port.
    const probe = async (answer: (path: string) => number | undefined) => {
      const port = await freePort();
      const server = createServer((request, response) => {
        response.statusCode = answer(request.url ?? '') ?? 404;
        response.end();
      });
      if (answer('/healthz') !== undefined)
        await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      try {
        const env = containerEnv(runtime, { SPLIT_SERVICE_PORT: String(port) });
        return await new Promise<number | null>((resolve) => {
          const child = spawn(command[0]!, command.slice(1), {
            cwd: runtime.hostPath('.'),
            env,
            stdio: 'ignore',
          });
          child.once('exit', (code) => resolve(code));
        });
      } finally {
        server.close();
      }
    };
    expect(await probe((path) => (path === '/healthz' ? 200 : 500))).toBe(0);
    expect(await probe((path) => (path === '/healthz' ? 503 : 200))).toBe(1);
    // Nothing listening: unhealthy, not a hang.
    expect(await probe(() => undefined)).toBe(1);
  });

  it('answers through the gateway (the API, the SPA), each role in its own process with its own /metrics', async () => {
    const gateway = `http://127.0.0.1:${ports.gateway}`;
    const stories = await fetch(`${gateway}/api/stories`);
    expect(stories.status).toBe(200);
    expect(stories.headers.get('x-served-by')).toBe('query-api');
    expect(await stories.json()).toEqual([]);

    const page = await fetch(`${gateway}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');

    // A command through the gateway to command-api, which appends; the projector projects it.
    const signup = await fetch(`${gateway}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'replay@nocturne.test' }),
    });
    expect(signup.headers.get('x-served-by')).toBe('command-api');
    expect(signup.status).toBeLessThan(300);

    // Each container serves its own metrics on its port (from loopback: no token needed).
    for (const role of ['gateway', 'command-api', 'query-api', 'projector']) {
      const metrics = await fetch(`http://127.0.0.1:${ports[role]}/metrics`);
      expect(metrics.status, role).toBe(200);
      expect(await metrics.text(), role).toContain('nodejs_heap_size_used_bytes');
    }

    for (const service of services) {
      const commandLine = readFileSync(`/proc/${service.child.pid}/cmdline`, 'utf8').split('\0');
      const entry = ['node', ...serverNodeArguments, 'infra/dist/service.mjs'];
      expect(commandLine.slice(0, entry.length)).toEqual(entry);
    }
  });
});
