import { randomInt, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { actionKey, idempotentId, streams } from '@nocturne/events';

/** What the load saw: each acknowledged like (to look up in the log), and every answer's status. */
export interface Tally {
  acked: { stream: string; eventId: string }[];
  statuses: Map<number, number>;
  other5xx: number;
  /** Requests that got no answer (refused, reset, timed out). */
  failures: number;
  /** Those failures by their error's code (or message), to tell what went wrong. */
  failedWith: Map<string, number>;
  /** Reads after the load's own writes answered 200 from a read side behind the position asked. */
  stale: number;
}

interface LoadOptions {
  base: string;
  stories: string[];
  perSecond: number;
  /** Requests in flight at most, one of them a reader (the bench's likes run at 64 connections). */
  connections: number;
}

export interface RunningLoad {
  /** Likes acknowledged so far, as the worker last reported them. */
  acknowledged(): number;
  /** Stops the load once the requests in flight are answered; what it saw. */
  stop(): Promise<Tally>;
}

type Report =
  | { kind: 'started' }
  | { kind: 'acked'; acked: Tally['acked'] }
  | { kind: 'done'; statuses: [number, number][]; failedWith: [string, number][]; stale: number };

/** No answer within this long counts as a failure. */
const ANSWER_TIMEOUT_MS = 15_000;

/**
 * One request on the load's kept-alive connections: its status and X-Event-Position once the
 * whole answer has arrived. node:http rather than fetch: fetch's streams, abort signals and
 * header objects cost the load more CPU per request than the server spends answering it, on
 * the same two cores.
 */
function send(
  agent: Agent,
  url: URL,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
): Promise<{ status: number; position: number; projected: number }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, agent, headers, timeout: ANSWER_TIMEOUT_MS }, (response) => {
      response.resume();
      response.once('error', reject);
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          position: Number(response.headers['x-event-position'] ?? 0),
          projected: Number(response.headers['x-projected-position'] ?? 0),
        }),
      );
    });
    sent.once('timeout', () => sent.destroy(new Error('no answer in time')));
    sent.once('error', reject);
    sent.end();
  });
}

/**
 * Likes at about `perSecond`, spread over the stories, each with an Idempotency-Key (so that
 * every acknowledged like can be found in the log by its event id), and reads after the load's
 * own writes beside them, until stopped. The load runs in a worker thread: on the suite's event
 * loop it would compete with the server it loads and measure itself.
 */
export async function startLoad(options: LoadOptions): Promise<RunningLoad> {
  // The suite runs as TypeScript: the worker registers tsx before it loads this same file.
  const boot = `(async () => {
    const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});
    register();
    await import(${JSON.stringify(import.meta.url)});
  })();`;
  const worker = new Worker(boot, { eval: true, workerData: options });
  const tally: Tally = {
    acked: [],
    statuses: new Map(),
    other5xx: 0,
    failures: 0,
    failedWith: new Map(),
    stale: 0,
  };
  let started: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const finished = new Promise<Tally>((resolve, reject) => {
    worker.on('message', (report: Report) => {
      if (report.kind === 'started') {
        started();
        return;
      }
      if (report.kind === 'acked') {
        tally.acked.push(...report.acked);
        return;
      }
      for (const [status, count] of report.statuses) {
        tally.statuses.set(status, count);
        if (status >= 500 && status !== 503) tally.other5xx += count;
      }
      tally.failedWith = new Map(report.failedWith);
      tally.stale = report.stale;
      for (const [, count] of report.failedWith) tally.failures += count;
      resolve(tally);
    });
    worker.once('error', reject);
  });
  // Starting the worker (and compiling it) takes a while: the load is timed from its first request.
  await Promise.race([running, finished]);
  return {
    acknowledged: () => tally.acked.length,
    async stop() {
      worker.postMessage('stop');
      const result = await finished;
      await worker.terminate();
      return result;
    },
  };
}

/** The worker's side: the load itself. */
async function runLoad({ base, stories, perSecond, connections }: LoadOptions): Promise<void> {
  let running = true;
  parentPort!.once('message', () => {
    running = false;
  });
  const statuses = new Map<number, number>();
  const failedWith = new Map<string, number>();
  const fail = (error: unknown) => {
    const kind = (error as { code?: string }).code ?? (error as Error).message;
    failedWith.set(kind, (failedWith.get(kind) ?? 0) + 1);
  };
  let highest = 0;
  let stale = 0;
  let pending: Tally['acked'] = [];
  const flush = () => {
    if (pending.length === 0) return;
    parentPort!.postMessage({ kind: 'acked', acked: pending } satisfies Report);
    pending = [];
  };
  const flushing = setInterval(flush, 100);
  parentPort!.postMessage({ kind: 'started' } satisfies Report);
  const note = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  // Round robin over the connections, so none idles into the server's keep-alive timeout and is
  // closed just as a request is sent on it.
  const agent = new Agent({ keepAlive: true, maxSockets: connections, scheduling: 'fifo' });
  const likeUrls = new Map(stories.map((story) => [story, new URL(`${base}/api/stories/${story}/like`)]));
  const readUrl = new URL(`${base}/api/stories/${stories[0]}`);
  const like = async () => {
    const story = stories[randomInt(stories.length)]!;
    const key = randomUUID();
    try {
      const { status, position } = await send(agent, likeUrls.get(story)!, 'POST', {
        'Idempotency-Key': key,
        // As fetch sends an empty POST: without it node:http would announce a chunked body.
        'Content-Length': '0',
      });
      note(status);
      if (status === 200) {
        const stream = streams.storyLikes(story);
        const action = actionKey(key, { method: 'POST', url: likeUrls.get(story)!.pathname });
        pending.push({ stream, eventId: idempotentId(action, stream, 0) });
        highest = Math.max(highest, position);
      }
    } catch (error) {
      fail(error);
    }
  };
  const read = async () => {
    const asked = highest;
    try {
      const { status, projected } = await send(
        agent,
        readUrl,
        'GET',
        asked > 0 ? { 'X-Min-Position': String(asked) } : {},
      );
      note(status);
      if (status === 200 && projected < asked) stale += 1;
    } catch (error) {
      fail(error);
    }
  };
  // One connection reads; the others share the likes' rate. Each keeps to a schedule of its own
  // rather than resting a full interval after each answer, so a slow answer is made up by the
  // next ones (one request in flight per connection, and at most a second behind the schedule:
  // after a stall the load resumes at its rate instead of bursting what it missed).
  const interval = (1000 * (connections - 1)) / perSecond;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let due = Date.now() + randomInt(Math.max(1, Math.round(interval)));
      while (running) {
        const wait = due - Date.now();
        if (wait > 0) await sleep(wait);
        if (!running) break;
        await (c === 0 ? read() : like());
        due = Math.max(due + interval, Date.now() - 1000);
      }
    }),
  );
  clearInterval(flushing);
  agent.destroy();
  flush();
  parentPort!.postMessage({
    kind: 'done',
    statuses: [...statuses],
    failedWith: [...failedWith],
    stale,
  } satisfies Report);
}

if (parentPort && workerData) void runLoad(workerData as LoadOptions);
