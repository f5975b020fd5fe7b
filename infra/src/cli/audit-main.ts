import { runAudit } from './audit';
import { runCli } from './cli-config';

/** `npm run audit -- --email <address> [--as-of <ISO time>] [--json]` (see ./audit.ts). */
runCli('Audit', 1, runAudit);
