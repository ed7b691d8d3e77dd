/**
 * The server's SQLite connection leaves checkpoints to a background thread (no commit stalls on
 * copying the log back): the log still reaches the database file, and closing ends the thread.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "~/server/db/database.server";
import { testDialect } from "../support/test-db";

describe.skipIf(testDialect !== "sqlite")("SQLite background checkpoints", () => {
  let handle: DatabaseHandle | undefined;
  let dir = "";
  afterEach(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("moves committed pages from the log into the database file without any commit doing it", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-checkpoint-"));
    handle = openDatabase({ dataDir: dir, backgroundCheckpoints: true });
    await migrateToLatest(handle.db);
    const file = path.join(dir, "salon.db");
    const before = fs.statSync(file).size;
    // About 4 MB in 40 commits: far past the 1,000 pages at which a commit would checkpoint itself.
    const message = "x".repeat(100_000);
    for (let i = 0; i < 40; i++) {
      await handle.db
        .insertInto("form_submissions")
        .values({
          form_type: "Contact",
          name: `n${i}`,
          email: "a@b.co",
          message,
          status: "new",
          created_at: "2026-01-01",
        })
        .execute();
    }
    await expect
      .poll(() => fs.statSync(file).size, {
        timeout: 5_000,
        message: "the database file grows as the log is copied in",
      })
      .toBeGreaterThan(before + 3_500_000);
    const rows = await handle.db.selectFrom("form_submissions").select("name").execute();
    expect(rows).toHaveLength(40);
  });

  it("closes with its thread: the data is all in the database file afterwards", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-checkpoint-"));
    handle = openDatabase({ dataDir: dir, backgroundCheckpoints: true });
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto("form_submissions")
      .values({ form_type: "Contact", name: "kept", email: "a@b.co", status: "new", created_at: "2026-01-01" })
      .execute();
    await handle.close();
    handle = undefined;
    expect(fs.existsSync(path.join(dir, "salon.db-wal"))).toBe(false);
    handle = openDatabase({ dataDir: dir });
    expect((await handle.db.selectFrom("form_submissions").select("name").execute()).map((r) => r.name)).toEqual([
      "kept",
    ]);
  });
});
