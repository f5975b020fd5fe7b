// How the server processes run (npm start, split mode and its services; the image sets the same
// in infra/deploy/Dockerfile): issue 11's "under 200 MB RSS per process". Measured under the
// read bench: after a full GC a server process holds about 30 MB of JavaScript heap, yet its RSS
// was 230 MB. Two things took the rest:
//  - glibc made a malloc arena per thread that allocated (libuv's pool, V8's GC helpers,
//    libvips's workers for sharp): about 50 MB, of which MALLOC_ARENA_MAX=2 keeps about 30;
//  - V8's young generation grows to two 16 MB semi-spaces under load, and whatever a request
//    still held at the second scavenge was promoted to the old space, which was collected late.
//    8 MB semi-spaces hold the answers in flight just as well.

/** The V8 flags every server process gets (through NODE_OPTIONS, so split mode's services too). */
export const serverNodeOptions = ['--max-semi-space-size=8'];

/**
 * The environment of a server process: `env` with MALLOC_ARENA_MAX=2 and the flags above in
 * NODE_OPTIONS, unless `env` already sets them (an operator's choice wins).
 */
export function serverEnvironment(env) {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  const flags = serverNodeOptions.filter((flag) => !nodeOptions.includes(flag.split('=')[0]));
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    NODE_OPTIONS: [nodeOptions, ...flags].filter(Boolean).join(' '),
  };
}
