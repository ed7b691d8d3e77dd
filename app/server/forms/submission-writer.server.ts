import type { Db, DbOrTx } from "../db/database.server";
import type { NewFormSubmission } from "../db/schema";
import { enqueueMails, type OutgoingMail } from "../mail/outbox.server";

interface PendingSubmission {
  row: NewFormSubmission;
  mailsFor: (id: number) => OutgoingMail[];
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

/** Enough to gather a burst, small enough that one slow batch does not hold everyone up. */
const MAX_BATCH = 128;

/**
 * Stores visitors' submissions with their queued mails. The submissions that arrive in the same
 * turn of the event loop are written together: one transaction, one multi-row insert for the rows
 * and one for their mails, one commit (one fsync). Each caller is answered only after that
 * commit, so an answered submission is as durable as one stored alone. Under load this is most of
 * what a submission costs: a statement's way through the query builder costs more than SQLite's
 * own work, so 3 statements per batch instead of 3 per submission.
 *
 * If the batch fails (one row the database refuses, say), it is rolled back as a whole and every
 * submission is stored again in a transaction of its own: one bad row never takes others down.
 */
export class SubmissionWriter {
  private queue: PendingSubmission[] = [];
  private flushing = false;

  constructor(private readonly db: Db) {}

  /**
   * Stores `row` and the mails `mailsFor` makes from its id; resolves with the id once committed.
   * `mailsFor` runs inside the transaction and must only build mails (no I/O).
   */
  store(row: NewFormSubmission, mailsFor: (id: number) => OutgoingMail[]): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ row, mailsFor, resolve, reject });
      // setImmediate: every request parsed in this turn of the event loop joins the batch.
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length) await this.writeBatch(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.flushing = false;
    }
  }

  private async writeBatch(batch: PendingSubmission[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const ids = await this.db.transaction().execute((tx) => insertAll(tx, batch));
        batch.forEach((item, i) => item.resolve(ids[i]));
        return;
      } catch {
        // Rolled back as a whole: fall through and store each on its own.
      }
    }
    for (const item of batch) {
      try {
        const [id] = await this.db.transaction().execute((tx) => insertAll(tx, [item]));
        item.resolve(id);
      } catch (error) {
        item.reject(error);
      }
    }
  }
}

async function insertAll(tx: DbOrTx, batch: PendingSubmission[]): Promise<number[]> {
  const inserted = await tx
    .insertInto("form_submissions")
    .values(batch.map((item) => item.row))
    .returning("id")
    .execute();
  if (inserted.length !== batch.length) throw new Error("a submission was not stored");
  // One statement gives its rows ascending ids in the order of its VALUES (SQLite's
  // AUTOINCREMENT, PostgreSQL's sequence), while RETURNING promises no order: sorted, the
  // ids line up with the batch.
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
  await enqueueMails(
    tx,
    batch.flatMap((item, i) => item.mailsFor(ids[i]).map((mail) => ({ ...mail, submissionId: ids[i] }))),
  );
  return ids;
}
