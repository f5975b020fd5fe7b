import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * The pages' early scripts: each the default export of a module beside its feature, built on its
 * own into the file the page's head names (infra/src/system/route-shells.ts, EARLY_SCRIPTS). Where
 * the page names the app's own script for later, the early script starts it: once what its
 * default export returned (its first screen painted) has settled, at once when it returned nothing
 * or threw (web/src/early-scripts/app-script.ts). They
 * run before the app's script, as classic scripts (the page has no import map and should not wait
 * for one more request), so each is one self-contained file with what it imports from the app
 * (the e-mail mask, the image sources) built in; the app's own modules stay the one copy.
 */
export const EARLY_SCRIPTS: { file: string; module: string }[] = [
  { file: 'story-start.js', module: 'reader/story-start.ts' },
  { file: 'creator-start.js', module: 'creators/creator-start.ts' },
  { file: 'profile-start.js', module: 'reading/profile-start.ts' },
  { file: 'studio-start.js', module: 'studio/studio-start.ts' },
];

const SOURCE = join(__dirname, '..', 'src');

/**
 * One early script as the page runs it: its module's default export, called once, in a closure,
 * then the app's script started after it.
 */
export async function earlyScript(module: string): Promise<string> {
  const built = await build({
    stdin: {
      contents: [
        `import start from ${JSON.stringify(join(SOURCE, module))};`,
        `import { startAppScript } from ${JSON.stringify(join(SOURCE, 'early-scripts/app-script.ts'))};`,
        'let painted;',
        'try { painted = start(); } finally { startAppScript(painted); }',
      ].join('\n'),
      resolveDir: SOURCE,
      sourcefile: 'early-script.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
  });
  return built.outputFiles[0]!.text;
}

/** Writes every early script into the build, beside the app's files (compressed with them). */
export function earlyScripts(): Plugin {
  return {
    name: 'nocturne:early-scripts',
    apply: 'build',
    async generateBundle() {
      for (const { file, module } of EARLY_SCRIPTS)
        this.emitFile({ type: 'asset', fileName: file, source: await earlyScript(module) });
    },
  };
}
