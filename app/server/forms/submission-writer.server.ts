import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import { CommitBatcher } from "../db/group-commit.server";
import { clientIdFor, contactKeys } from "../clients/clients.server";
import type { NewFormSubmission } from "../db/schema";
import { enqueueMails, outboxRow, type OutgoingMail } from "../mail/outbox.server";
import type { SqliteSubmissionThread } from "./sqlite-submission-thread.server";

interface PendingSubmission {
  row: NewFormSubmission;
  mails: OutgoingMail[];
}

/**
 * Stores visitors' submissions with their queued mails. On SQLite (the server) the submission
 * thread does it (see SqliteSubmissionThread). Otherwise the submissions that arrive in the same
 * turn of the event loop are written together (see CommitBatcher): one transaction, one multi-row
 * insert for the rows and one for their mails, one commit; a statement's way through the query
 * builder costs more than the database's own work, so 3 statements per batch instead of 3 per
 * submission. Either way a submission the database refuses fails alone, and each row gets its
 * client (app/server/clients) in the transaction that stores it.
 */
export class SubmissionWriter {
  private readonly batcher: CommitBatcher<PendingSubmission, number>;

  /** With `thread` (SQLite), the thread stores them and the server's thread never waits for the disk. */
  constructor(
    db: Db,
    private readonly thread?: SqliteSubmissionThread,
  ) {
    this.batcher = new CommitBatcher(db, insertAll);
  }

  /** Stores `row` and queues `mails` about it (given its id); resolves with the id once committed. */
  store(row: NewFormSubmission, mails: OutgoingMail[]): Promise<number> {
    // A thread that failed (it should not) leaves the work to the server's own connection.
    if (this.thread?.available) {
      const now = nowIso();
      return this.thread.store(
        row,
        mails.map((mail) => outboxRow(mail, now)),
        { name: row.name.trim(), email: row.email.trim(), phone: (row.phone ?? "").trim(), ...contactKeys(row) },
      );
    }
    return this.batcher.add({ row, mails });
  }
}

async function insertAll(tx: DbOrTx, batch: PendingSubmission[]): Promise<number[]> {
  const rows: NewFormSubmission[] = [];
  for (const { row } of batch) rows.push({ ...row, client_id: await clientIdFor(tx, row) });
  const inserted = await tx.insertInto("form_submissions").values(rows).returning("id").execute();
  if (inserted.length !== batch.length) throw new Error("a submission was not stored");
  // One statement gives its rows ascending ids in the order of its VALUES (SQLite's
  // AUTOINCREMENT, PostgreSQL's sequence), while RETURNING promises no order: sorted, the
  // ids line up with the batch.
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
  await enqueueMails(
    tx,
    batch.flatMap((item, i) => item.mails.map((mail) => ({ ...mail, submissionId: ids[i] }))),
  );
  return ids;
}
