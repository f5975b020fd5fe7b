import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * The pages' early scripts: each the default export of a module beside its feature, built on its
 * own into the file the page's head names (infra/src/system/route-shells.ts, EARLY_SCRIPTS). They
 * run before the app's script, as classic scripts (the page has no import map and should not wait
 * for one more request), so each is one self-contained file with what it imports from the app
 * (the e-mail mask, the image sources) built in; the app's own modules stay the one copy. What a
 * default export returns (its first screen painted) is left as `window.nocturneFirstScreen` for
 * the app's loader (APP_START_FILE).
 */
export const EARLY_SCRIPTS: { file: string; module: string }[] = [
  { file: 'story-start.js', module: 'reader/story-start.ts' },
  { file: 'creator-start.js', module: 'creators/creator-start.ts' },
  { file: 'profile-start.js', module: 'reading/profile-start.ts' },
  { file: 'studio-start.js', module: 'studio/studio-start.ts' },
];

const SOURCE = join(__dirname, '..', 'src');

/**
 * Where the web build says what the app's loader is called (`{ "src": "/assets/app-start-….js" }`):
 * the loader is named by its content's hash, so that a service worker of an earlier version, which
 * serves the early scripts it keeps under their fixed names, never serves a stale loader to a page
 * that relies on it (infra/src/system/route-shells.ts reads this file).
 */
export const APP_START_FILE = '.vite/app-start.json';

/** One early script as the page runs it: its module's default export, called once, in a closure. */
export function earlyScript(module: string): Promise<string> {
  return bundled(
    [
      `import start from ${JSON.stringify(join(SOURCE, module))};`,
      'window.nocturneFirstScreen = start();',
    ].join('\n'),
  );
}

/** The app's loader (web/src/early-scripts/app-start.ts), as one classic script. */
const appStart = () => bundled(`import ${JSON.stringify(join(SOURCE, 'early-scripts/app-start.ts'))};`);

async function bundled(contents: string): Promise<string> {
  const built = await build({
    stdin: {
      contents,
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

/**
 * Writes every early script into the build, beside the app's files (compressed with them), and
 * the app's loader under its hash (APP_START_FILE).
 */
export function earlyScripts(): Plugin {
  return {
    name: 'nocturne:early-scripts',
    apply: 'build',
    async generateBundle() {
      for (const { file, module } of EARLY_SCRIPTS)
        this.emitFile({ type: 'asset', fileName: file, source: await earlyScript(module) });
      const loader = this.emitFile({ type: 'asset', name: 'app-start.js', source: await appStart() });
      this.emitFile({
        type: 'asset',
        fileName: APP_START_FILE,
        source: JSON.stringify({ src: `/${this.getFileName(loader)}` }),
      });
    },
  };
}
