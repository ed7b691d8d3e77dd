/**
 * Group commit: writes that arrive together share one transaction, each caller hears back only
 * after that commit, and a failing write never takes the others down.
 */
import { describe, expect, it } from "vitest";
import type { DbOrTx } from "~/server/db/database.server";
import { CommitBatcher } from "~/server/db/group-commit.server";
import { testDialect, useTestDatabase } from "../support/test-db";

type Work = (tx: DbOrTx) => Promise<unknown>;

describe(`CommitBatcher (${testDialect})`, () => {
  const testDb = useTestDatabase();
  /** A batcher whose items are writes: each runs inside the shared transaction. */
  const batcher = () =>
    new CommitBatcher<Work, unknown>(testDb().db, async (tx, works) => {
      const results: unknown[] = [];
      for (const work of works) results.push(await work(tx));
      return results;
    });

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
    const writes = batcher();
    const transactions = new Set<DbOrTx>();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writes.add(async (tx) => {
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
    const writes = batcher();
    const outcomes = await Promise.allSettled([
      writes.add((tx) => insert(tx, "mixed-a")),
      // The same key twice violates the primary key: this write must fail and leave nothing behind.
      writes.add(async (tx) => {
        await insert(tx, "mixed-b");
        return insert(tx, "mixed-b");
      }),
      writes.add((tx) => insert(tx, "mixed-c")),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await keys("mixed-")).toEqual(["mixed-a", "mixed-c"]);
  });

  it("writes queued while a batch commits go into the next one", async () => {
    const writes = batcher();
    const first = writes.add((tx) => insert(tx, "later-1"));
    await new Promise((resolve) => setImmediate(resolve));
    const second = writes.add((tx) => insert(tx, "later-2"));
    await Promise.all([first, second]);
    expect(await keys("later-")).toEqual(["later-1", "later-2"]);
  });
});
