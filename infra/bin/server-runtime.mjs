// How the server processes run (npm start, split mode and its services; the image sets the same
// in infra/deploy/Dockerfile): issue 11's "under 200 MB RSS per process". Measured under the
// read bench: after a full GC a server process holds about 30 MB of JavaScript heap, yet its RSS
// was 230 MB. These took the rest:
//  - glibc made a malloc arena per thread that allocated (libuv's pool, V8's GC helpers,
//    libvips's workers for sharp): about 50 MB, of which MALLOC_ARENA_MAX=2 keeps about 30;
//  - glibc raises its mmap threshold to the largest block freed so far (up to 32 MB): from then
//    on large blocks come from the arenas and stay there once freed. A fixed threshold of 128 KB
//    (MALLOC_MMAP_THRESHOLD_, which also turns that raising off) gives them back to the system:
//    the arenas went from 31 + 21 MB to 12 + 0 MB, at start and under load alike, at no cost
//    per answer that we could measure;
//  - V8's young generation grows to two 16 MB semi-spaces under load, and whatever a request
//    still held at the second scavenge was promoted to the old space, which was collected late.
//    8 MB semi-spaces hold the answers in flight just as well;
//  - after a full GC, V8 lets the old space grow to up to four times what survived before it
//    collects again (it picks the factor from the allocation rate: the faster the answers, the
//    higher). At 25,000 answers a second the garbage promoted by the scavenges took the heap
//    from 35 to 130 MB before the next full GC. Growing by 25% keeps it at 40 to 70 MB for a
//    few more full GCs (3 more in 20 s); it is a pace, not a cap: a large library's heap grows
//    as it needs.

/** The V8 flags every server process gets (through NODE_OPTIONS, so split mode's services too). */
export const serverNodeOptions = ['--max-semi-space-size=8'];

/**
 * The V8 flags that Node takes only on its command line (NODE_OPTIONS refuses them): put before
 * the entry point of every server process (npm start, split mode's services, the image).
 */
export const serverNodeArguments = ['--heap-growing-percent=25'];

/** glibc's malloc settings of every server process (read from the environment at start). */
export const serverMallocSettings = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * The environment of a server process: `env` with the malloc settings and the flags above in
 * NODE_OPTIONS, unless `env` already sets them (an operator's choice wins).
 */
export function serverEnvironment(env) {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  const flags = serverNodeOptions.filter((flag) => !nodeOptions.includes(flag.split('=')[0]));
  return {
    ...serverMallocSettings,
    ...env,
    NODE_OPTIONS: [nodeOptions, ...flags].filter(Boolean).join(' '),
  };
}
