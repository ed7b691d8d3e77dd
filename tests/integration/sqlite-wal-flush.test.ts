/**
 * The server's SQLite connection commits without waiting for the disk (synchronous=NORMAL) and
 * makes each writer wait for a flush of the log begun after its commit (WalFlusher): nothing is
 * answered as stored before it is durable, no read waits for the disk, and the connection serves
 * other queries while a writer waits.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "~/server/db/database.server";
import { WalFlusher } from "~/server/db/wal-flush.server";
import { testDialect } from "../support/test-db";

describe.skipIf(testDialect !== "sqlite")("SQLite writes wait for the log's flush", () => {
  let handle: DatabaseHandle | undefined;
  let dir = "";
  afterEach(async () => {
    vi.restoreAllMocks();
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A database whose flushes wait until the test lets them go; each remembers what another connection saw committed when it began. */
  async function heldFlushes() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-wal-flush-"));
    handle = openDatabase({ dataDir: dir, backgroundCheckpoints: true });
    await migrateToLatest(handle.db);
    const file = path.join(dir, "salon.db");
    const flushes: { committedNames: string[]; release: () => void }[] = [];
    vi.spyOn(WalFlusher.prototype, "flush").mockImplementation(() => {
      const other = new SQLite(file, { readonly: true });
      const committedNames = other.prepare("select name from form_submissions order by id").pluck().all() as string[];
      other.close();
      return new Promise<void>((resolve) => flushes.push({ committedNames, release: resolve }));
    });
    return { db: handle.db, flushes };
  }

  const submission = (name: string) => ({
    form_type: "Contact",
    name,
    email: "a@b.co",
    status: "new" as const,
    created_at: "2026-01-01",
  });

  it("answers a write only after a flush that began once the row was committed", async () => {
    const { db, flushes } = await heldFlushes();
    let answered = false;
    const write = db
      .insertInto("form_submissions")
      .values(submission("Ada"))
      .execute()
      .then(() => (answered = true));
    await vi.waitFor(() => expect(flushes).toHaveLength(1));
    expect(flushes[0].committedNames).toEqual(["Ada"]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    flushes[0].release();
    await write;
    expect(answered).toBe(true);
  });

  it("flushes a transaction once, after its commit, and a read not at all", async () => {
    const { db, flushes } = await heldFlushes();
    const transaction = db.transaction().execute(async (tx) => {
      await tx.insertInto("form_submissions").values(submission("one")).execute();
      await tx.insertInto("form_submissions").values(submission("two")).execute();
    });
    await vi.waitFor(() => expect(flushes).toHaveLength(1));
    expect(flushes[0].committedNames).toEqual(["one", "two"]);
    // While the writer waits for the disk, the connection answers others: this read needs no flush.
    const names = await db.selectFrom("form_submissions").select("name").orderBy("id").execute();
    expect(names.map((row) => row.name)).toEqual(["one", "two"]);
    expect(flushes).toHaveLength(1);
    flushes[0].release();
    await transaction;
    expect(flushes).toHaveLength(1);
  });

  it("commits without a sync of its own: the connection runs with synchronous=NORMAL", async () => {
    const { db } = await heldFlushes();
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0].synchronous).toBe(1);
  });
});
