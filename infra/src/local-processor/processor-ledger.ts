import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One money movement at the local processor: a sale, or a refund or chargeback of one. */
export interface ProcessorTransaction {
  transactionId: string;
  saleId: string;
  kind: 'sale' | 'refund' | 'chargeback';
  /** The merchant's reference (our purchase id). */
  reference: string;
  amount: string;
  currency: string;
  at: string;
}

/** A notice waiting to be answered "OK" by the merchant, with its retry schedule. */
export interface PendingNotice {
  transactionId: string;
  params: Record<string, string>;
  attempts: number;
  nextAt: string;
  firstAt: string;
}

interface LedgerFile {
  nextSale: number;
  nextTransaction: number;
  transactions: ProcessorTransaction[];
  outbox: PendingNotice[];
  /** Notices that were answered "OK", by transaction id, with when. */
  delivered: Record<string, string>;
}

/**
 * The local processor's books, kept in one JSON file in DATA_DIR (written whole, through a
 * temporary file and a rename, so a crash leaves the old or the new one): its sales, refunds and
 * chargebacks, and the notices still to deliver, which survive its own restart like a real
 * processor's.
 */
export class ProcessorLedger {
  private readonly file: string;
  private data: LedgerFile;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'ledger.json');
    this.data = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as LedgerFile)
      : { nextSale: 100_001, nextTransaction: 500_001, transactions: [], outbox: [], delivered: {} };
  }

  get transactions(): readonly ProcessorTransaction[] {
    return this.data.transactions;
  }

  get outbox(): readonly PendingNotice[] {
    return this.data.outbox;
  }

  deliveredAt(transactionId: string): string | undefined {
    return this.data.delivered[transactionId];
  }

  sale(saleId: string): ProcessorTransaction | undefined {
    return this.data.transactions.find((t) => t.kind === 'sale' && t.saleId === saleId);
  }

  /** Whether the sale was already refunded or charged back. */
  reversed(saleId: string): boolean {
    return this.data.transactions.some((t) => t.saleId === saleId && t.kind !== 'sale');
  }

  /** Records a transaction and queues its notice; answers the transaction. */
  record(
    entry: Omit<ProcessorTransaction, 'transactionId' | 'saleId'> & { saleId?: string },
    notice: (transaction: ProcessorTransaction) => Record<string, string>,
  ): ProcessorTransaction {
    const saleId = entry.saleId ?? String(this.data.nextSale++);
    const transaction: ProcessorTransaction = {
      ...entry,
      saleId,
      transactionId: String(this.data.nextTransaction++),
    };
    this.data.transactions.push(transaction);
    this.data.outbox.push({
      transactionId: transaction.transactionId,
      params: notice(transaction),
      attempts: 0,
      nextAt: entry.at,
      firstAt: entry.at,
    });
    this.save();
    return transaction;
  }

  /** The notice was answered "OK": off the outbox. */
  delivered(transactionId: string, at: Date): void {
    this.data.outbox = this.data.outbox.filter((n) => n.transactionId !== transactionId);
    this.data.delivered[transactionId] = at.toISOString();
    this.save();
  }

  /** The notice was not answered "OK": tried again at `nextAt`, or dropped when given up. */
  failed(transactionId: string, nextAt: Date | null): void {
    const notice = this.data.outbox.find((n) => n.transactionId === transactionId);
    if (!notice) return;
    if (nextAt === null) this.data.outbox = this.data.outbox.filter((n) => n !== notice);
    else {
      notice.attempts += 1;
      notice.nextAt = nextAt.toISOString();
    }
    this.save();
  }

  private save(): void {
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.data));
    renameSync(temporary, this.file);
  }
}
