// autocannon ships no types; the part the benchmarks use.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Stat {
    average: number;
    total: number;
  }
  interface Result {
    requests: Stat;
    throughput: Stat;
    latency: { p50: number; p99: number };
    non2xx: number;
    '3xx': number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
