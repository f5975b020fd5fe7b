import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { migrateReadModel } from '@nocturne/projector';
import { serverNodeArguments } from '../../bin/server-runtime.mjs';
import { describeAdminPassword, describeInviteCodes, parseConfigOrExit, resolveConfig } from '../config';
import { freePort } from '../launcher/free-port';
import { provisionDatabase } from '../launcher/provision';
import { onShutdown, stopAll } from '../launcher/shutdown';
import { connectInfrastructure } from '../system/connect';
import { instanceName, type ServiceRole, serviceRoles } from './roles';

/**
 * Split mode (`npm run start:split`, or `npm start -- --split`): every service in its own
 * process — projectors (with the reactors; SPLIT_PROJECTOR_PROCESSES, one leading, the others
 * standing by), command-api and query-api (SPLIT_COMMAND_PROCESSES and SPLIT_QUERY_PROCESSES of
 * them, the gateway spreading requests over them) and the gateway on PORT — supervised here. The supervisor provisions PostgreSQL like `npm start`, migrates once, starts
 * the services in order and stops them in reverse order; if one dies, it stops the rest.
 */
const log = (line: string) => console.log(`[split] ${line}`);
/** A process of a role that runs several is started again at most this often in the window. */
const RESTARTS_PER_WINDOW = 3;
const RESTART_WINDOW_MS = 60_000;
// Compiled (infra/dist/split.mjs): plain node on infra/dist/service.mjs. From the TypeScript
// sources (tests, tsx): service.ts through tsx.
const compiled = import.meta.url.endsWith('.mjs');
const serviceEntry = fileURLToPath(new URL(compiled ? './service.mjs' : './service.ts', import.meta.url));
// Either way with the server's V8 flags (bin/server-runtime.mjs), as npm start gives its server.
const serviceExecArgv = [
  ...serverNodeArguments,
  ...(compiled ? [] : ['--import', import.meta.resolve('tsx')]),
];

interface Running {
  role: ServiceRole;
  /** The role's name, numbered when it runs several processes (`query-api-2`). */
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

function startService(role: ServiceRole, name: string, env: NodeJS.ProcessEnv): Promise<Running> {
  const child = fork(serviceEntry, [role], {
    env,
    execArgv: serviceExecArgv,
    stdio: 'inherit',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60s`)), 60_000);
    child.once('message', (message) => {
      if ((message as { ready?: string }).ready === role) {
        clearTimeout(timer);
        resolve({ role, name, child, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited during start (code ${code})`));
    });
  });
}

async function stopService(service: Running): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill('SIGTERM');
  const killed = await Promise.race([
    service.exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), 15_000)),
  ]);
  if (killed) {
    log(`${service.name} did not stop within 15s: killing it`);
    service.child.kill('SIGKILL');
    await service.exited;
  }
}

async function main() {
  const raw = parseConfigOrExit(process.env);
  const database = await provisionDatabase(raw, log);
  // Resolving here creates the persisted secrets once, before several processes read them.
  const { config, adminPasswordGenerated, inviteCodesGenerated } = resolveConfig(raw, database.url);

  const running: Running[] = [];
  let stopping = false;
  const stopEverything = () =>
    stopAll(
      [
        ...[...running].reverse().map((s): [string, () => Promise<void>] => [s.name, () => stopService(s)]),
        ['PostgreSQL', () => database.stop()],
      ],
      log,
    );
  onShutdown(async () => {
    stopping = true;
    await stopEverything();
  }, log);

  // Each role's ports, one per process.
  const counts: Record<ServiceRole, number> = {
    projector: raw.SPLIT_PROJECTOR_PROCESSES,
    'command-api': raw.SPLIT_COMMAND_PROCESSES,
    'query-api': raw.SPLIT_QUERY_PROCESSES,
    gateway: 1,
  };
  const ports = {} as Record<ServiceRole, number[]>;
  for (const role of serviceRoles) {
    ports[role] = [];
    for (let i = 0; i < counts[role]; i++)
      ports[role].push(role === 'gateway' ? config.port : await freePort());
  }
  const urlsOf = (role: ServiceRole) => ports[role].map((port) => `http://127.0.0.1:${port}`);
  const named = (role: ServiceRole) =>
    urlsOf(role)
      .map((url, i) => `${instanceName(role, i)} ${url}`)
      .join(', ');
  const deaths = new Map<string, number[]>();
  try {
    // Schemas once, before several processes open them.
    await migrateReadModel(config.databaseUrl);
    await (await connectInfrastructure(config, log)).close();
    const launch = async (role: ServiceRole, index = 0) => {
      const name = instanceName(role, index);
      const service = await startService(role, name, {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: config.dataDir,
        SPLIT_SERVICE_PORT: String(ports[role][index]),
        SPLIT_PROJECTOR_URL: urlsOf('projector').join(','),
        SPLIT_COMMAND_API_URL: urlsOf('command-api').join(','),
        SPLIT_QUERY_API_URL: urlsOf('query-api').join(','),
      });
      running.push(service);
      void service.exited.then(async (code) => {
        if (stopping) return;
        running.splice(running.indexOf(service), 1);
        // One of several processes of a role: the others carry on (a standby projector takes
        // over) while it is started again, as an orchestrator would. A lone process, or one
        // that keeps dying, stops everything.
        const recent = (deaths.get(name) ?? []).filter((at) => Date.now() - at < RESTART_WINDOW_MS);
        deaths.set(name, [...recent, Date.now()]);
        if (counts[role] > 1 && recent.length < RESTARTS_PER_WINDOW) {
          log(`${name} exited unexpectedly (code ${code}): starting it again`);
          try {
            await launch(role, index);
            return;
          } catch (error) {
            log(`${name} could not start again: ${error instanceof Error ? error.message : String(error)}`);
          }
        } else {
          log(`${name} exited unexpectedly (code ${code}): stopping the other services`);
        }
        if (stopping) return;
        stopping = true;
        void stopEverything().then(() => process.exit(1));
      });
    };
    // The back ends start side by side (loading them is most of the time); the gateway last,
    // once they answer.
    const backEnds = serviceRoles
      .filter((r) => r !== 'gateway')
      .flatMap((role) => ports[role].map((_port, index) => () => launch(role, index)));
    const started = await Promise.allSettled(backEnds.map((start) => start()));
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    await launch('gateway');
  } catch (error) {
    stopping = true;
    await stopEverything();
    throw error;
  }

  console.log(
    [
      '',
      `Nocturne (split mode) is running at ${config.publicUrl}`,
      `  gateway        : port ${config.port} (GET/HEAD /api -> query-api, other methods -> command-api, each process in turn; SPA)`,
      `  services       : ${[...running]
        .sort(
          (a, b) =>
            serviceRoles.indexOf(a.role) - serviceRoles.indexOf(b.role) || a.name.localeCompare(b.name),
        )
        .map((s) => `${s.name} (pid ${s.child.pid})`)
        .join(', ')}`,
      `  internal       : ${named('command-api')}, ${named('query-api')} (reached through the gateway); ${named('projector')} (probes and metrics; one leads, the others stand by)`,
      `  probes         : ${config.publicUrl}/healthz, ${config.publicUrl}/readyz (each service answers its own too)`,
      `  metrics        : each service's own GET /metrics (loopback, or METRICS_TOKEN): gateway port ${config.port} and each internal address above`,
      `  admin password : ${describeAdminPassword(raw, config, adminPasswordGenerated)}`,
      `  invite codes   : ${describeInviteCodes(raw, config, inviteCodesGenerated)}`,
      `  database       : ${database.description}`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`[split] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
