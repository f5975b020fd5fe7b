import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig, RawConfig } from '../config';
import type { LocalProcessor } from '../local-processor/local-processor';
import type { CommandPorts } from '../system/deps';
import { createDemoLibrary, type DemoReader } from './create-demo';
import { keepDemoStaff } from './demo-staff';

/** Where the demo reader's credentials are kept (like the generated admin password), mode 600. */
const READER_FILE = 'demo-reader';
/** Where the demo creator's credentials are kept: the creator whose studio and page show the demo's readers. */
const CREATOR_FILE = 'demo-creator';

/**
 * The demo is for a first look at `npm start`: the embedded database, DEMO on (the default).
 * Never with DATABASE_URL: a database someone set up holds, or will hold, real data.
 */
export const demoWanted = (raw: Pick<RawConfig, 'DEMO' | 'DATABASE_URL'>): boolean =>
  raw.DEMO && !raw.DATABASE_URL;

/** The demo reader made on an earlier first start in this DATA_DIR, for the start banner. */
export function keptDemoReader(dataDir: string, name = READER_FILE): DemoReader | null {
  const file = join(dataDir, name);
  if (!existsSync(file)) return null;
  const [email, password] = readFileSync(file, 'utf8').trim().split('\n');
  return email && password ? { email, password } : null;
}

/** The demo creator made on an earlier first start in this DATA_DIR, for the start banner. */
export const keptDemoCreator = (dataDir: string): DemoReader | null => keptDemoReader(dataDir, CREATOR_FILE);

/**
 * On an empty event log (and only then: an installation that has ever recorded anything is left
 * as it is), creates the demo library and keeps the demo reader's credentials in DATA_DIR.
 * A failure is reported and the start goes on: the product works without its demo.
 */
export async function demoOnFirstStart(
  raw: Pick<RawConfig, 'DEMO' | 'DATABASE_URL'>,
  config: AppConfig,
  ports: CommandPorts,
  log: (line: string) => void,
  /** The local processor the members buy through (none: they confirm by hand, as in the manual flow). */
  processor: LocalProcessor | null = null,
): Promise<DemoReader | null> {
  if (!demoWanted(raw) || (await ports.store.headPosition()) > 0) return null;
  log('the event log is empty: creating the demo library (DEMO=0 starts empty)...');
  const started = Date.now();
  try {
    const demo = await createDemoLibrary(config, ports, undefined, processor);
    writeFileSync(join(config.dataDir, READER_FILE), `${demo.reader.email}\n${demo.reader.password}\n`, {
      mode: 0o600,
    });
    writeFileSync(join(config.dataDir, CREATOR_FILE), `${demo.creator.email}\n${demo.creator.password}\n`, {
      mode: 0o600,
    });
    keepDemoStaff(config.dataDir, demo.staff);
    log(
      `demo library: ${demo.storyIds.length} stories, a premium reader, a moderator and an auditor, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return demo.reader;
  } catch (error) {
    log(`the demo library could not be created: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
