// How the server processes run (npm start, split mode and its services; the image sets the same
// in infra/deploy/Dockerfile), so that each stays under 200 MB of RSS. A server process holds far
// less JavaScript heap than its RSS; the rest is taken by the allocator and the young generation:
//  - glibc makes a malloc arena per thread that allocates (libuv's pool, V8's GC helpers,
//    libvips's workers for sharp); MALLOC_ARENA_MAX=2 caps them;
//  - glibc raises its mmap threshold to the largest block freed so far (up to 32 MB): from then
//    on large blocks come from the arenas and stay there once freed. A fixed threshold of 128 KB
//    (MALLOC_MMAP_THRESHOLD_, which also turns that raising off) gives them back to the system;
//  - V8's young generation grows to two 16 MB semi-spaces under load, and whatever a request
//    still holds at the second scavenge is promoted to the old space, which is collected late.
//    8 MB semi-spaces hold the answers in flight just as well;
//  - after a full GC, V8 lets the old space grow to up to four times what survived before it
//    collects again (it picks the factor from the allocation rate: the faster the answers, the
//    higher), so under a high request rate promoted garbage inflates the heap. Growing by 25% is
//    a pace, not a cap: a large library's heap grows as it needs.
// The figures behind each setting, and how to measure them: docs/performance.md, "Memory".
// A rebuild's process is the exception, tuned for throughput instead (rebuildNodeArguments).

/** The V8 flags every server process gets (through NODE_OPTIONS, so split mode's services too). */
export const serverNodeOptions = ['--max-semi-space-size=8'];

/**
 * The V8 flags that Node takes only on its command line (NODE_OPTIONS refuses them): put before
 * the entry point of every server process (npm start, split mode's services, the image).
 */
export const serverNodeArguments = ['--heap-growing-percent=25'];

/**
 * The V8 flags of a process that rebuilds the read models (npm run rebuild, verify-read-models,
 * the scale bench). It reads the log 50,000 events at a time and holds each batch until every
 * lane has folded it, so much of what it allocates outlives a scavenge of the default 16 MB
 * semi-spaces and is copied into the old space, to be marked and compacted there. 64 MB halves
 * let most of it die young (measured in docs/performance.md, "Growth"), for up to 96 MB more
 * young generation in a process that runs once.
 */
export const rebuildNodeArguments = ['--max-semi-space-size=64'];

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
