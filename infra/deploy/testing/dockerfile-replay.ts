import { spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, posix } from 'node:path';

/**
 * A Dockerfile replayed without a container runtime: each stage gets a folder standing for the
 * image's file system root (a copy of an earlier stage's when it is FROM that stage), and its
 * instructions are carried out there in order. WORKDIR, COPY (from the build context or
 * `--from` an earlier stage), RUN (in WORKDIR, with the stage's ENV and nothing of the caller's
 * environment but PATH and HOME), ENV, USER, ENTRYPOINT and CMD are replayed; EXPOSE and
 * HEALTHCHECK are recorded. Any other instruction is refused, so that the
 * Dockerfile cannot grow a step this replay would silently skip.
 */

export interface Instruction {
  keyword: string;
  /** The rest of the line, continuation lines joined. */
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

/** Users of the official Node images, for USER and `chown` (the host need not know them). */
export const imageUsers: Record<string, number> = { root: 0, node: 1000 };

/** The stages of a Dockerfile, comments and blank lines dropped, `\` continuations joined. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) {
      line = `${line.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    }
    const [keyword = '', ...rest] = line.split(/\s+/);
    // The arguments as written (a RUN's quoted spaces kept).
    const args = line.slice(keyword.length).trim();
    const instruction = { keyword: keyword.toUpperCase(), args, line: start + 1 };
    if (instruction.keyword === 'FROM') {
      const [base = '', as, name] = rest;
      if (as?.toUpperCase() !== 'AS' || !name)
        throw new Error(`line ${start + 1}: name every stage (FROM x AS y)`);
      stages.push({ name, base, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`line ${start + 1}: ${instruction.keyword} before the first FROM`);
    stage.instructions.push(instruction);
  }
  return stages;
}

/** An exec-form (JSON array) argument, e.g. of ENTRYPOINT or CMD. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string'))
    throw new Error(`expected the exec form ["..."], got ${args}`);
  return parsed;
}

/** `K=V K2=V2` (values without spaces or quotes: what this project's Dockerfile uses). */
function parseEnv(args: string, line: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of args.split(/\s+/)) {
    const at = pair.indexOf('=');
    if (at <= 0 || /["']/.test(pair)) throw new Error(`line ${line}: ENV takes K=V pairs without quotes`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

export interface ReplayedStage {
  name: string;
  /** The folder standing for the image's `/`. */
  root: string;
  /** The image path of the working directory (e.g. /app). */
  workdir: string;
  env: Record<string, string>;
  user: string;
  entrypoint: string[];
  cmd: string[];
  healthcheck: string | undefined;
  /** What the project's scripts said in this stage's RUN steps (their `[nocturne] ...` lines). */
  said: string[];
  /** A path of the image, in this replay's folder. */
  hostPath(imagePath: string): string;
}

export interface ReplayOptions {
  /** The build context: a clean copy of the repository. */
  context: string;
  /** Where the stages' folders are made. */
  tmp?: string;
  /** Added to every RUN's environment (e.g. npm's cache settings); the image's ENV wins. */
  runEnv?: Record<string, string>;
  /** Each step as it is replayed, with its duration. */
  log?: (line: string) => void;
}

function run(command: string, cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`RUN ${command} exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** Copies `sources` to `dest` the way COPY does: a folder's contents, not the folder itself. */
function copy(sources: string[], dest: string, owner: number | undefined) {
  const intoFolder = dest.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    const isFolder = statSync(source).isDirectory();
    const target = isFolder || !intoFolder ? dest : join(dest, basename(source));
    // Modification times kept, as COPY keeps them: `npm run build` must not find the lock newer
    // than the install it follows and install again.
    cpSync(source, target, { recursive: true, force: true, preserveTimestamps: true });
    if (owner !== undefined) chownSync(target, owner, owner);
  }
}

/**
 * Replays the stages; each RUN runs for real (npm ci, npm run build, ...). As BuildKit does,
 * stages run side by side, and a `COPY --from` waits for the stage it copies from, so the
 * runtime stage installs its dependencies while the build stage builds.
 */
export async function replayStages(stages: Stage[], options: ReplayOptions): Promise<ReplayedStage[]> {
  const done = new Map<string, Promise<ReplayedStage>>();
  for (const stage of stages) done.set(stage.name, replayStage(stage, options, done));
  // Every stage settles before this returns (none is left running behind a failure).
  const settled = await Promise.allSettled(done.values());
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((s) => (s as PromiseFulfilledResult<ReplayedStage>).value);
}

async function replayStage(
  stage: Stage,
  options: ReplayOptions,
  done: Map<string, Promise<ReplayedStage>>,
): Promise<ReplayedStage> {
  const log = options.log ?? (() => {});
  const root = mkdtempSync(join(options.tmp ?? tmpdir(), `nocturne-image-${stage.name}-`));
  // mkdtemp makes it private to the caller; an image's / is readable by every user.
  chmodSync(root, 0o755);
  const current: ReplayedStage = {
    name: stage.name,
    root,
    workdir: '/',
    env: {},
    user: 'root',
    entrypoint: [],
    cmd: [],
    healthcheck: undefined,
    said: [],
    hostPath: (imagePath) => join(root, posix.resolve(current.workdir, imagePath)),
  };
  // A stage copies only from one before it (as in a Dockerfile): those already started.
  const earlier = new Map(done);
  // FROM an earlier stage: its file system, working directory, environment and user.
  const parent = await earlier.get(stage.base);
  if (parent) {
    cpSync(parent.root, root, { recursive: true, preserveTimestamps: true });
    Object.assign(current, {
      workdir: parent.workdir,
      env: { ...parent.env },
      user: parent.user,
      entrypoint: parent.entrypoint,
      cmd: parent.cmd,
      healthcheck: parent.healthcheck,
    });
  }
  let output = '';
  for (const { keyword, args, line } of stage.instructions) {
    const started = Date.now();
    switch (keyword) {
      case 'WORKDIR':
        current.workdir = posix.resolve(current.workdir, args);
        mkdirSync(current.hostPath('.'), { recursive: true });
        break;
      case 'ENV':
        Object.assign(current.env, parseEnv(args, line));
        break;
      case 'COPY': {
        const words = args.split(/\s+/);
        const flags = Object.fromEntries(
          words.filter((w) => w.startsWith('--')).map((w) => w.slice(2).split('=') as [string, string]),
        );
        const paths = words.filter((w) => !w.startsWith('--'));
        const dest = paths.pop()!;
        const fromStage = flags.from === undefined ? undefined : earlier.get(flags.from);
        if (flags.from !== undefined && !fromStage)
          throw new Error(`line ${line}: no stage named ${flags.from} before ${stage.name}`);
        const from = await fromStage;
        const sources = paths.map((p) => (from ? from.hostPath(p) : join(options.context, p)));
        const owner = flags.chown === undefined ? undefined : imageUsers[flags.chown.split(':')[0]!];
        if (flags.chown !== undefined && owner === undefined)
          throw new Error(`line ${line}: unknown user in --chown=${flags.chown}`);
        copy(sources, current.hostPath(dest) + (dest.endsWith('/') ? '/' : ''), owner);
        break;
      }
      case 'RUN':
        output = await run(args, current.hostPath('.'), {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          ...options.runEnv,
          ...current.env,
        });
        break;
      case 'USER':
        if (!(args in imageUsers)) throw new Error(`line ${line}: unknown user ${args}`);
        current.user = args;
        break;
      case 'ENTRYPOINT':
        current.entrypoint = execForm(args);
        break;
      case 'CMD':
        current.cmd = execForm(args);
        break;
      case 'HEALTHCHECK':
        current.healthcheck = args;
        break;
      case 'EXPOSE':
        break;
      default:
        throw new Error(`line ${line}: the replay does not know ${keyword}`);
    }
    log(`${stage.name}: ${keyword} ${args.slice(0, 80)} (${Date.now() - started} ms)`);
    // What the project's own scripts said they did (e.g. `[nocturne] compiling the server ...`).
    for (const said of output.split('\n').filter((l) => l.startsWith('[nocturne]'))) {
      current.said.push(said);
      log(`  ${said}`);
    }
    output = '';
  }
  return current;
}

/**
 * The environment a container of the stage starts with: its ENV, whose absolute paths (DATA_DIR)
 * are paths of the image and so point into the replay's folder, then the given variables (what
 * `docker run -e` or a compose file adds).
 */
export function containerEnv(stage: ReplayedStage, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const [name, value] of Object.entries(stage.env)) {
    env[name] = value.startsWith('/') ? stage.hostPath(value) : value;
  }
  return { ...env, ...extra };
}
