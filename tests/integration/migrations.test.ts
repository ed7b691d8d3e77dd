import fs from "node:fs";
import path from "node:path";
import { Migrator } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/server/db/database.server";
import { migrations } from "../../migrations/index";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-db";

/**
 * The tables and columns schema.ts declares, read from its source: the Database interface maps
 * table names to row interfaces, whose fields are the columns. Reading the source (rather than a
 * hand-kept list) means a table added to schema.ts without a migration fails this test.
 */
function declaredSchema(): Map<string, string[]> {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/server/db/schema.ts"), "utf8");
  const body = (name: string) => {
    const match = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(source);
    if (!match) throw new Error(`interface ${name} not found in schema.ts`);
    return match[1]
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("/") && !line.startsWith("*"));
  };
  const tables = new Map<string, string[]>();
  for (const line of body("Database")) {
    const [, table, rowType] = /^(\w+):\s*(\w+);$/.exec(line) ?? [];
    if (!table) throw new Error(`unexpected line in Database: ${line}`);
    tables.set(
      table,
      body(rowType).map((field) => /^(\w+)\??:/.exec(field)![1]),
    );
  }
  return tables;
}

describe(`migrations (${testDialect})`, () => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of open) await t.destroy();
  });

  it("creates every table and column of schema.ts on an empty database", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    expect(await t.db.introspection.getTables()).toEqual([]);

    await migrateToLatest(t.db);

    const declared = declaredSchema();
    expect(declared.size).toBeGreaterThanOrEqual(11);
    const actual = new Map((await t.db.introspection.getTables()).map((table) => [table.name, table]));
    expect([...actual.keys()].sort()).toEqual([...declared.keys()].sort());
    for (const [table, columns] of declared) {
      const actualColumns = actual.get(table)!.columns.map((c) => c.name);
      expect(actualColumns.sort(), `columns of ${table}`).toEqual([...columns].sort());
    }
  });

  it("is a no-op the second time: nothing re-run, data kept", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    await migrateToLatest(t.db);
    await t.db.insertInto("app_meta").values({ key: "marker", value: "still here" }).execute();
    const tablesBefore = await t.db.introspection.getTables();

    await migrateToLatest(t.db);

    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const again = await migrator.migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);
    const status = await migrator.getMigrations();
    expect(status.map((m) => m.name)).toEqual(Object.keys(migrations));
    expect(status.every((m) => m.executedAt instanceof Date)).toBe(true);

    expect(await t.db.introspection.getTables()).toEqual(tablesBefore);
    const marker = await t.db.selectFrom("app_meta").select("value").where("key", "=", "marker").executeTakeFirst();
    expect(marker?.value).toBe("still here");
  });
});
