import { runCli } from './cli-config';
import { runIntegrityCli } from './integrity-cli';

/** `npm run verify-read-models` (see ./integrity-cli.ts). */
runCli('verify-read-models', 2, (args, config) => runIntegrityCli('read-models', args, config));
