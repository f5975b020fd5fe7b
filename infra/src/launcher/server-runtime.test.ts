import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  serverEnvironment,
  serverMallocSettings,
  serverNodeArguments,
  serverNodeOptions,
} from '../../bin/server-runtime.mjs';

describe("the server processes' memory settings (under 200 MB RSS each)", () => {
  it('add the malloc settings and the V8 flags to the environment npm start runs the server in', () => {
    const env = serverEnvironment({ PORT: '3000' });
    expect(env).toMatchObject({
      PORT: '3000',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      NODE_OPTIONS: '--max-semi-space-size=8',
    });
  });

  it("leave an operator's own choices alone and keep their other NODE_OPTIONS", () => {
    expect(serverEnvironment({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
    expect(serverEnvironment({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
    expect(serverEnvironment({ NODE_OPTIONS: '--max-semi-space-size=32' }).NODE_OPTIONS).toBe(
      '--max-semi-space-size=32',
    );
    expect(serverEnvironment({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      '--enable-source-maps --max-semi-space-size=8',
    );
  });

  it("are the image's too", () => {
    const dockerfile = readFileSync(new URL('../../deploy/Dockerfile', import.meta.url), 'utf8');
    const malloc = Object.entries(serverMallocSettings).map(([name, value]) => `${name}=${value}`);
    expect(dockerfile).toContain(`ENV ${malloc.join(' ')} NODE_OPTIONS=${serverNodeOptions.join(' ')}`);
  });

  it('give V8 only flags that Node takes on its command line (NODE_OPTIONS refuses them)', () => {
    const node = spawnSync(process.execPath, [...serverNodeArguments, '-e', '0']);
    expect(node.stderr.toString()).toBe('');
    expect(node.status).toBe(0);
  });
});
