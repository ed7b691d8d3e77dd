import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { NewFormSubmission } from "../db/schema";
import type { OutboxInsert } from "../mail/outbox.server";
import { matchClient } from "~/lib/clients/matching";
import { clientSearchWords } from "~/lib/clients/search-words";

/**
 * Stores visitors' submissions on SQLite from a thread of its own, with a connection of its own.
 *
 * A durable SQLite commit (synchronous = FULL) writes the log and waits for its fsync, and
 * better-sqlite3 does that on the calling thread: on the server's only JavaScript thread, every
 * request in flight waited for each commit's disk. Here the thread waits instead, and the
 * submissions that arrive meanwhile are gathered and stored together in the next transaction
 * (group commit): a visitor is still answered only after the commit that holds their row.
 *
 * The thread's code is a small CommonJS string, not a module of the server build (see
 * sqlite-checkpointer.server.ts for why). It builds each INSERT from the row's own column names,
 * which are the server's (checked against a strict pattern), never a visitor's. Each submission's
 * client is found or made in the same transaction, by matchClient's own source (one copy of the rule).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = FULL");
db.pragma("foreign_keys = ON");
if (!workerData.autoCheckpoint) db.pragma("wal_autocheckpoint = 0");
const NAME = /^[a-z_]+$/;
const statements = new Map();
function insert(table, row) {
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const key = table + ":" + columns.join(",");
  let statement = statements.get(key);
  if (!statement) {
    if (!NAME.test(table) || !columns.every((column) => NAME.test(column))) throw new Error("invalid column name");
    const names = columns.map((column) => '"' + column + '"').join(", ");
    const values = columns.map((column) => "@" + column).join(", ");
    statement = db.prepare("INSERT INTO " + table + " (" + names + ") VALUES (" + values + ")");
    statements.set(key, statement);
  }
  const values = {};
  for (const column of columns) values[column] = row[column];
  return Number(statement.run(values).lastInsertRowid);
}
const matchClient = (${matchClient.toString()});
const clientSearchWords = (${clientSearchWords.toString()});
const deleteWords = db.prepare("DELETE FROM client_words WHERE client_id = ?");
const insertWord = db.prepare("INSERT INTO client_words (word, client_id) VALUES (?, ?)");
const clientById = db.prepare("SELECT name, email_key AS emailKey, phone_key AS phoneKey FROM clients WHERE id = ?");
// The words the admin's search finds a client by, as app/server/clients/clients.server.ts writes them.
function saveClientWords(id) {
  deleteWords.run(id);
  for (const word of clientSearchWords(clientById.get(id))) insertWord.run(word, id);
}
const clientsByEmail = db.prepare("SELECT id, email_key AS emailKey, phone_key AS phoneKey FROM clients WHERE email_key = ?");
const clientsByPhone = db.prepare("SELECT id, email_key AS emailKey, phone_key AS phoneKey FROM clients WHERE phone_key = ?");
// The client as app/server/clients/clients.server.ts finds or makes one, by the one rule.
function clientFor(contact) {
  if (!contact.emailKey && !contact.phoneKey) return null;
  const candidates = [
    ...(contact.emailKey ? clientsByEmail.all(contact.emailKey) : []),
    ...(contact.phoneKey ? clientsByPhone.all(contact.phoneKey) : []),
  ];
  const match = matchClient(contact, candidates);
  const at = new Date().toISOString();
  if (match.id === null) {
    const id = insert("clients", {
      name: contact.name,
      email: contact.emailKey ? contact.email : "",
      phone: contact.phoneKey ? contact.phone : "",
      email_key: contact.emailKey,
      phone_key: contact.phoneKey,
      notes: "",
      created_at: at,
      updated_at: at,
    });
    saveClientWords(id);
    return id;
  }
  if (match.addEmail)
    db.prepare("UPDATE clients SET email = ?, email_key = ?, updated_at = ? WHERE id = ?").run(contact.email, contact.emailKey, at, match.id);
  if (match.addPhone)
    db.prepare("UPDATE clients SET phone = ?, phone_key = ?, updated_at = ? WHERE id = ?").run(contact.phone, contact.phoneKey, at, match.id);
  if (match.addEmail || match.addPhone) saveClientWords(match.id);
  return match.id;
}
function storeOne(item) {
  const id = insert("form_submissions", { ...item.row, client_id: clientFor(item.client) });
  for (const mail of item.mails) insert("mail_outbox", { ...mail, submission_id: id });
  return id;
}
const storeAll = db.transaction((items) => items.map(storeOne));
const storeAlone = db.transaction(storeOne);
parentPort.on("message", (message) => {
  if (message === "stop") {
    db.close();
    parentPort.close();
    return;
  }
  let results;
  try {
    results = storeAll.immediate(message.items).map((id) => ({ id }));
  } catch {
    // Rolled back as a whole: each submission alone, so one the database refuses fails alone.
    results = message.items.map((item) => {
      try {
        return { id: storeAlone.immediate(item) };
      } catch (error) {
        return { error: String(error && error.message ? error.message : error) };
      }
    });
  }
  parentPort.postMessage(results);
});
`;

/** Who sent a submission, with the keys of their contact (clients.server.ts, contactKeys). */
export interface SubmissionContact {
  name: string;
  email: string;
  phone: string;
  emailKey: string;
  phoneKey: string;
}

interface Pending {
  item: { row: NewFormSubmission; mails: OutboxInsert[]; client: SubmissionContact };
  resolve: (id: number) => void;
  reject: (error: Error) => void;
}

/** At most this many submissions per transaction, so one batch never holds everyone up for long. */
const MAX_BATCH = 256;

export class SqliteSubmissionThread {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private queue: Pending[] = [];
  private inFlight: Pending[] | null = null;
  private failure: Error | null = null;
  private stopping = false;

  private readonly warn: (message: string) => void;

  constructor(file: string, options: { autoCheckpoint: boolean; warn?: (message: string) => void }) {
    this.warn = options.warn ?? ((message) => console.warn(message));
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver, autoCheckpoint: options.autoCheckpoint },
    });
    this.exited = new Promise((resolve) => this.worker.once("exit", () => resolve()));
    this.worker.on("message", (results: ({ id: number } | { error: string })[]) => this.settle(results));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", () => this.fail(new Error("the submission thread stopped")));
    // Idle, the thread alone never keeps the process alive; with a batch in flight it does.
    this.worker.unref();
  }

  /** False once the thread has stopped or failed: submissions are then stored another way. */
  get available(): boolean {
    return !this.failure;
  }

  /** Stores the row and its mails (their submission_id is the row's id); resolves with the id once committed. */
  store(row: NewFormSubmission, mails: OutboxInsert[], client: SubmissionContact): Promise<number> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ item: { row, mails, client }, resolve, reject });
      if (!this.inFlight) this.send();
    });
  }

  /** Waits for the batch in flight, then ends the thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    while (this.inFlight || this.queue.length) {
      if (this.failure) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    this.worker.ref();
    this.worker.postMessage("stop");
    await this.exited;
  }

  private send() {
    const batch = this.queue.splice(0, MAX_BATCH);
    if (!batch.length) return;
    this.inFlight = batch;
    this.worker.ref();
    this.worker.postMessage({ items: batch.map((pending) => pending.item) });
  }

  private settle(results: ({ id: number } | { error: string })[]) {
    const batch = this.inFlight ?? [];
    this.inFlight = null;
    this.worker.unref();
    batch.forEach((pending, i) => {
      const result = results[i];
      if (result && "id" in result) pending.resolve(result.id);
      else pending.reject(new Error(result?.error ?? "no result for a submission"));
    });
    // What arrived while the thread committed goes together in the next transaction.
    this.send();
  }

  private fail(error: Error) {
    if (!this.failure) {
      this.failure = error;
      if (!this.stopping) this.warn(`SQLite submission thread failed (submissions are stored in process): ${error}`);
    }
    for (const pending of [...(this.inFlight ?? []), ...this.queue.splice(0)]) pending.reject(this.failure);
    this.inFlight = null;
  }
}
