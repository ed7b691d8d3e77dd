import type { Db, DbOrTx } from "./database.server";

type Work<T> = (tx: DbOrTx) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Enough to gather a burst, small enough that one slow batch does not hold everyone up. */
const MAX_BATCH = 128;

/**
 * Group commit: small writes that arrive together share one transaction, so one durable commit
 * (one fsync on SQLite, one WAL flush on PostgreSQL) serves many visitors instead of one each.
 * Every caller still gets its answer only after the commit that holds its write, so an answered
 * submission is as durable as before.
 *
 * A job that fails would abort the shared transaction: the whole batch is then rolled back and
 * each of its jobs runs again in a transaction of its own, so one bad write never takes the
 * others down. Jobs must therefore only write to the database (no mail sent, no file written).
 */
export class GroupCommit {
  private queue: Job[] = [];
  private flushing = false;

  constructor(private readonly db: Db) {}

  /** Runs `work` inside a shared transaction; resolves once that transaction is committed. */
  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // setImmediate: every request parsed in this turn of the event loop joins the batch.
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.commitBatch(batch);
      }
    } finally {
      this.flushing = false;
    }
  }

  private async commitBatch(batch: Job[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const results = await this.db.transaction().execute(async (tx) => {
          const out: unknown[] = [];
          for (const job of batch) out.push(await job.work(tx));
          return out;
        });
        batch.forEach((job, i) => job.resolve(results[i]));
        return;
      } catch {
        // Rolled back as a whole: fall through and give every job its own transaction.
      }
    }
    for (const job of batch) {
      try {
        job.resolve(await this.db.transaction().execute((tx) => job.work(tx)));
      } catch (error) {
        job.reject(error);
      }
    }
  }
}
