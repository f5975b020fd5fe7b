import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { urlFileOf } from './local-processor';

/**
 * `npm run processor -- refund <sale id>` (or `chargeback <sale id>`, `report <YYYY-MM-DD>`):
 * asks the local processor that `npm start` runs (DATA_DIR's) to refund or charge back a sale,
 * which it then notifies the product of, as its own page's buttons do; or prints a day's report.
 */
async function main(args: string[]): Promise<number> {
  const [action, id] = args;
  const usage = 'usage: npm run processor -- refund <sale id> | chargeback <sale id> | report <YYYY-MM-DD>';
  if (!action || !id || !['refund', 'chargeback', 'report'].includes(action)) {
    console.error(usage);
    return 2;
  }
  const file = urlFileOf(resolve(process.env.DATA_DIR ?? './.data'));
  if (!existsSync(file)) {
    console.error('The local processor is not running here: start the product with `npm start` first.');
    return 1;
  }
  const base = readFileSync(file, 'utf8').trim();
  const response =
    action === 'report'
      ? await fetch(`${base}/report?day=${encodeURIComponent(id)}`).catch(() => null)
      : await fetch(`${base}/sales/${encodeURIComponent(id)}/${action}`, {
          method: 'POST',
          headers: { accept: 'application/json' },
        }).catch(() => null);
  if (!response) {
    console.error(`The local processor does not answer at ${base}: is \`npm start\` running?`);
    return 1;
  }
  const body = await response.text();
  if (!response.ok) {
    console.error(body);
    return 1;
  }
  if (action === 'report') console.log(body);
  else {
    const transaction = JSON.parse(body) as { transactionId: string; saleId: string };
    console.log(
      `${action} of sale ${transaction.saleId}: transaction ${transaction.transactionId}; the product is notified.`,
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
