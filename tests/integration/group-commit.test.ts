/**
 * Group commit: writes that arrive together share one transaction, each caller hears back only
 * after that commit, and a failing write never takes the others down.
 */
import { describe, expect, it } from "vitest";
import type { DbOrTx } from "~/server/db/database.server";
import { GroupCommit } from "~/server/db/group-commit.server";
import { testDialect, useTestDatabase } from "../support/test-db";

describe(`GroupCommit (${testDialect})`, () => {
  const testDb = useTestDatabase();

  const insert = (tx: DbOrTx, key: string) =>
    tx.insertInto("rate_limits").values({ key, window_start: 0, count: 1 }).returning("key").executeTakeFirstOrThrow();
  const keys = async (prefix: string) =>
    (
      await testDb()
        .db.selectFrom("rate_limits")
        .select("key")
        .where("key", "like", `${prefix}%`)
        .orderBy("key")
        .execute()
    ).map((r) => r.key);

  it("writes queued together share one transaction, and every one is stored when its promise resolves", async () => {
    const writes = new GroupCommit(testDb().db);
    const transactions = new Set<DbOrTx>();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writes.run(async (tx) => {
          transactions.add(tx);
          return (await insert(tx, `batch-${String(i).padStart(2, "0")}`)).key;
        }),
      ),
    );
    expect(transactions.size).toBe(1);
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => `batch-${String(i).padStart(2, "0")}`));
    expect(await keys("batch-")).toHaveLength(40);
  });

  it("a write that fails is refused alone: the rest of its batch is stored", async () => {
    const writes = new GroupCommit(testDb().db);
    const outcomes = await Promise.allSettled([
      writes.run((tx) => insert(tx, "mixed-a")),
      // The same key twice violates the primary key: this write must fail and leave nothing behind.
      writes.run(async (tx) => {
        await insert(tx, "mixed-b");
        return insert(tx, "mixed-b");
      }),
      writes.run((tx) => insert(tx, "mixed-c")),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await keys("mixed-")).toEqual(["mixed-a", "mixed-c"]);
  });

  it("writes queued while a batch commits go into the next one", async () => {
    const writes = new GroupCommit(testDb().db);
    const first = writes.run((tx) => insert(tx, "later-1"));
    await new Promise((resolve) => setImmediate(resolve));
    const second = writes.run((tx) => insert(tx, "later-2"));
    await Promise.all([first, second]);
    expect(await keys("later-")).toEqual(["later-1", "later-2"]);
  });
});
