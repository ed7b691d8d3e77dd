import type { Db, DbOrTx } from "./database.server";

interface Queued<Item, Result> {
  item: Item;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
}

/** Enough to gather a burst, small enough that one slow batch does not hold everyone up. */
const MAX_BATCH = 128;

/**
 * Group commit: items that arrive in the same turn of the event loop are written together, in
 * one transaction, so one durable commit (one fsync on SQLite, one WAL flush on PostgreSQL) serves
 * many visitors instead of one each. Every caller still gets its answer only after the commit that
 * holds its write, so an answered write is as durable as one made alone.
 *
 * `writeAll` writes a batch and returns one result per item, in order. If it fails, the whole
 * batch is rolled back and each item is written again in a transaction of its own, so one bad
 * item never takes the others down. It must therefore only write to the database (no mail sent,
 * no file written).
 */
export class CommitBatcher<Item, Result> {
  private queue: Queued<Item, Result>[] = [];
  private flushing = false;

  constructor(
    private readonly db: Db,
    private readonly writeAll: (tx: DbOrTx, items: Item[]) => Promise<Result[]>,
  ) {}

  /** Queues `item` for the next batch; resolves with its result once that batch is committed. */
  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // setImmediate: every request parsed in this turn of the event loop joins the batch.
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length) await this.commitBatch(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.flushing = false;
    }
  }

  private async commitBatch(batch: Queued<Item, Result>[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const items = batch.map((queued) => queued.item);
        const results = await this.db.transaction().execute((tx) => this.writeAll(tx, items));
        batch.forEach((queued, i) => queued.resolve(results[i]));
        return;
      } catch {
        // Rolled back as a whole: fall through and give every item its own transaction.
      }
    }
    for (const queued of batch) {
      try {
        const [result] = await this.db.transaction().execute((tx) => this.writeAll(tx, [queued.item]));
        queued.resolve(result);
      } catch (error) {
        queued.reject(error);
      }
    }
  }
}
