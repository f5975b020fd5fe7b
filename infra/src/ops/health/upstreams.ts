/** The gateway's /readyz body: its upstreams' reports under their names (null: no answer). */
export interface GatewayReadiness {
  ready: boolean;
  problems: string[];
  services: Record<string, unknown>;
}

/**
 * The gateway's readiness: it is as ready as the services it routes to. Asks each one's
 * /readyz at once (each under `timeoutMs`) and answers their reports under their names; one
 * that is not ready, or does not answer, makes the gateway not ready.
 */
export function upstreamReadiness(
  upstreams: Record<string, string>,
  timeoutMs = 2000,
): () => Promise<GatewayReadiness> {
  return async () => {
    const answers = await Promise.all(
      Object.entries(upstreams).map(async ([name, base]) => {
        try {
          const response = await fetch(`${base.replace(/\/$/, '')}/readyz`, {
            signal: AbortSignal.timeout(timeoutMs),
          });
          const report = (await response.json()) as { problems?: unknown };
          const problems = Array.isArray(report.problems)
            ? report.problems.map((p) => `${name}: ${String(p)}`)
            : [];
          if (!response.ok && problems.length === 0) problems.push(`${name}: not ready (${response.status})`);
          return { name, ready: response.ok, problems, report: report as unknown };
        } catch (error) {
          const why = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'no answer';
          return { name, ready: false, problems: [`${name}: ${why}`], report: null };
        }
      }),
    );
    return {
      ready: answers.every((a) => a.ready),
      problems: answers.flatMap((a) => a.problems),
      services: Object.fromEntries(answers.map((a) => [a.name, a.report])),
    };
  };
}
