import { Agent, request } from 'node:http';
import { getJson, startOneProcess } from './likes-over-http';

export interface LagFigures {
  likes: number;
  ratePerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The measured seconds, and apart from them the first second after the server's start. */
export interface LagResult extends LagFigures {
  firstSecond: LagFigures;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** POST one like; resolves with the count it answered and the time of the answer. */
function like(agent: Agent, url: string): Promise<{ likes: number; at: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`like answered ${response.statusCode}`));
        resolve({ likes: (JSON.parse(body) as { likes: number }).likes, at: performance.now() });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Lag under load: likes arrive at `rate` per second, paced, on one story of the one-process
 * server, while a reader polls that story without X-Min-Position as fast as it answers, over
 * one kept-alive connection. A like
 * answers with the story's count including it, so it is visible once the reader's count reaches
 * that number; its lag is from its acknowledgement to the first reader answer, received after
 * it, that shows it.
 *
 * The first second after the server's start is measured apart and reported beside the figures:
 * there the server's code is not yet compiled and its database connections are being opened
 * (each some 5 ms, and 10 ms more for the append function's first call), which a server that has
 * been running a second no longer pays. The figures are the `seconds` after it.
 */
export async function benchLikeLag(
  postgresUrl: string,
  log: (line: string) => void,
  options: { rate?: number; seconds?: number } = {},
): Promise<LagResult> {
  const rate = options.rate ?? 1000;
  const seconds = options.seconds ?? 5;
  const system = await startOneProcess(postgresUrl, 1);
  const { ids } = system;
  const storyUrl = `${system.baseUrl}/api/stories/${ids[0]}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  // The reader keeps its connection, as a browser does: a new TCP connection per poll spaced the
  // polls (and so the measured lag) by a connection set-up in both processes, which no reader pays.
  const readerAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const seen: { likes: number; at: number }[] = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const story = await getJson<{ likes: number }>(storyUrl, readerAgent);
      seen.push({ likes: story.likes, at: performance.now() });
    }
  })();

  /** `count` likes paced at `rate`, each one's lag once the reader has seen the last of them. */
  const pacedLikes = async (count: number): Promise<LagFigures> => {
    const acked: { likes: number; at: number }[] = [];
    // Paced: every 10 ms, the likes due by now (a late tick catches up, never bursts ahead).
    const started = performance.now();
    const sent: Promise<void>[] = [];
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate));
        while (sent.length < due) sent.push(like(agent, `${storyUrl}/like`).then((a) => void acked.push(a)));
        if (sent.length >= count) {
          clearInterval(tick);
          resolve();
        }
      }, 10);
    });
    await Promise.all(sent);
    const elapsed = (performance.now() - started) / 1000;
    // Until the reader has seen the last like.
    const last = Math.max(...acked.map((a) => a.likes));
    const deadline = performance.now() + 10_000;
    while ((seen.at(-1)?.likes ?? 0) < last && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const lags: number[] = [];
    let j = 0;
    for (const a of [...acked].sort((x, y) => x.at - y.at)) {
      while (j < seen.length && seen[j]!.at < a.at) j++;
      let k = j;
      while (k < seen.length && seen[k]!.likes < a.likes) k++;
      if (k === seen.length) throw new Error(`a like (count ${a.likes}) never became visible`);
      lags.push(seen[k]!.at - a.at);
    }
    lags.sort((x, y) => x - y);
    return {
      likes: acked.length,
      ratePerSecond: acked.length / elapsed,
      p50Ms: percentile(lags, 50),
      p99Ms: percentile(lags, 99),
      maxMs: lags.at(-1) ?? 0,
    };
  };

  try {
    const firstSecond = await pacedLikes(rate);
    const polls = seen.length;
    const figures = await pacedLikes(rate * seconds);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    log(
      `first second after the start (${firstSecond.likes.toLocaleString('en')} likes): acknowledgement -> visible ` +
        `p50 ${ms(firstSecond.p50Ms)}, p99 ${ms(firstSecond.p99Ms)}, max ${ms(firstSecond.maxMs)} (not in the figures)`,
    );
    log(
      `lag under load (${figures.likes.toLocaleString('en')} likes paced at ${Math.round(figures.ratePerSecond)}/s, one story, ` +
        `${(seen.length - polls).toLocaleString('en')} reader polls): acknowledgement -> visible p50 ${ms(figures.p50Ms)}, ` +
        `p99 ${ms(figures.p99Ms)}, max ${ms(figures.maxMs)}`,
    );
    reading = false;
    await reader;
    return { ...figures, firstSecond };
  } finally {
    // After a failure above: the reader stops at its next answer (or its error, once stopped).
    reading = false;
    await reader.catch(() => {});
    agent.destroy();
    readerAgent.destroy();
    await system.stop();
  }
}
