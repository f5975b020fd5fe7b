import { runCli } from './cli-config';
import { runIntegrityCli } from './integrity-cli';

/** `npm run verify-log` (see ./integrity-cli.ts). */
runCli('verify-log', 2, (args, config) => runIntegrityCli('log', args, config));
