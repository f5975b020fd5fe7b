/**
 * The lag suite's client: paced likes on one story and a reader polling it. like-lag.ts runs it
 * in a process of its own (forked: argv = story URL, rate, seconds; the figures come back as one
 * IPC message), so that what it measures is the server's lag, not the bench process's garbage
 * collection: inside the bench, whose heap holds the whole bench and the product's modules, its
 * major collections would pause the reader right when it was to see a like and make up most of
 * the p99 (docs/performance.md, "Lag"). This process holds little, and collects little.
 */
import { Agent, request } from 'node:http';
import { getJson } from './http-get';

export interface LagFigures {
  likes: number;
  ratePerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** What the client sends back: the warm-up's seconds apart, then the measured seconds. */
export interface LagMeasurement {
  warmUp: LagFigures;
  figures: LagFigures;
  /** Reader polls during the measured seconds. */
  polls: number;
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
 * Likes arrive at `rate` per second, paced, on the story at `storyUrl`, while a reader polls it
 * without X-Min-Position as fast as it answers, over one kept-alive connection. A like answers
 * with the story's count including it, so it is visible once the reader's count reaches that
 * number; its lag is from its acknowledgement to the first reader answer, received after it,
 * that shows it. First `warmUpSeconds` of likes (measured apart), then `seconds` of them.
 */
async function measureLikeLag(
  storyUrl: string,
  rate: number,
  warmUpSeconds: number,
  seconds: number,
): Promise<LagMeasurement> {
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
    const warmUp = await pacedLikes(rate * warmUpSeconds);
    const before = seen.length;
    const figures = await pacedLikes(rate * seconds);
    return { warmUp, figures, polls: seen.length - before };
  } finally {
    // The reader stops at its next answer (or its error, once stopped).
    reading = false;
    await reader.catch(() => {});
    agent.destroy();
    readerAgent.destroy();
  }
}

// Forked by like-lag.ts: measure, send the figures (or the failure) back, and end.
if (process.send && process.argv.length >= 6) {
  const [storyUrl, rate, warmUpSeconds, seconds] = process.argv.slice(2);
  measureLikeLag(storyUrl!, Number(rate), Number(warmUpSeconds), Number(seconds)).then(
    (measurement) => process.send!({ measurement }, () => process.exit(0)),
    (error: unknown) =>
      process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
}
