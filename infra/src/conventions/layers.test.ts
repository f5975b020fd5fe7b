import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../system/repo-root';

const root = repoRoot();
const biome = join(root, 'node_modules', '.bin', 'biome');

/** The files Biome refuses for a crossing, linted with the repository's layer rules in a scratch folder. */
function refused(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'nocturne-layers-'));
  scratch.push(dir);
  for (const config of ['biome.json', 'biome.layers.json'])
    copyFileSync(join(root, config), join(dir, config));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${text}\n`);
  }
  const run = spawnSync(biome, ['lint', '--only=style/noRestrictedImports', '--reporter=github', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return [...run.stdout.matchAll(/^::error title=lint\/style\/noRestrictedImports,file=([^,]+),/gm)]
    .map((match) => (match[1] ?? '').slice(dir.length + 1))
    .sort();
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('the layer rules', () => {
  it('biome.layers.json is what layers.mjs writes from its table', () => {
    const check = spawnSync(process.execPath, [join(root, 'layers.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('given imports across the layers, when linted, then each crossing is refused and each allowed arrow passes', () => {
    const crossings = {
      'command-api/src/a.ts': "import '@nocturne/infra';",
      'command-api/src/a.test.ts': "import '../../infra/src/system/test-system';",
      'query-api/src/a.ts': "import '@nocturne/command-api';",
      'query-api/src/b.test.ts': "import '@nocturne/command-api';",
      'events/src/codec.ts': "import 'pg';",
      'events/src/store/a.ts': "import '@nocturne/domain';",
      'events/domain/src/a.ts': "import 'node:crypto';",
      'events/domain/src/b.ts': "import '@nocturne/events/store';",
      'events/http-kit/src/http/a.ts': "import '../auth/admin-auth';",
      'events/pg-kit/src/a.ts': "import 'fastify';",
      'events/vault/src/a.ts': "import '@nocturne/query-api';",
      'web/src/a.ts': "import '@nocturne/events';",
      'web/src/b.tsx': "import 'node:fs';",
    };
    const allowed = {
      'infra/src/a.ts': "import '@nocturne/infra/x'; import '@nocturne/command-api';",
      'query-api/src/c.ts': "import '@nocturne/projector/read-model';",
      'query-api/src/d.test.ts': "import '@nocturne/projector';",
      'events/src/store/b.ts': "import 'pg';",
      'events/domain/src/c.ts': "import '@nocturne/events/labels'; import '@nocturne/events';",
      'events/domain/src/c.test.ts': "import 'node:assert';",
      'events/http-kit/src/auth/a.ts': "import '../http/errors';",
      'web/src/c.ts': "import '@nocturne/domain';",
    };
    expect(refused({ ...crossings, ...allowed })).toEqual(Object.keys(crossings).sort());
  });
});
