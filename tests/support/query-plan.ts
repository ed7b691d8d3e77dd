import { CompiledQuery, createQueryId, type Compilable, type RootOperationNode } from "kysely";
import type { Db } from "~/server/db/database.server";
import { testDialect } from "./test-db";

/**
 * Query plans for tests that a query reads a big table through an index: the plan as text, the
 * queries a piece of code runs (recorded while it runs against the real database), and the full
 * scans of given tables a plan makes.
 */

/** The plan of one query: EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on SQLite, one line a step. */
export async function queryPlan(db: Db, query: Compilable | CompiledQuery): Promise<string> {
  const { sql, parameters } = "compile" in query ? query.compile() : query;
  const prefix = testDialect === "postgres" ? "EXPLAIN " : "EXPLAIN QUERY PLAN ";
  const result = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(prefix + sql, [...parameters]));
  return result.rows.map((row) => row["QUERY PLAN"] ?? row.detail).join("\n");
}

/** Every SELECT that `run` sends to the database, compiled as it was sent. */
export async function selectsOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const nodes: RootOperationNode[] = [];
  const recording = db.withPlugin({
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  await run(recording);
  return nodes
    .filter((node) => node.kind === "SelectQueryNode")
    .map((node) => db.getExecutor().compileQuery(node, createQueryId()));
}

/**
 * The steps of a plan that read all of one of `tables`: a table scan ("SCAN t" on SQLite, "Seq
 * Scan on t" on PostgreSQL), or a walk over a whole index that also reads each row ("SCAN t USING
 * INDEX" on SQLite, an "Index Scan" with no "Index Cond" on PostgreSQL). A walk over a whole index
 * alone (a covering index, an index-only scan: a count) is cheap and allowed; so is a walk in the
 * index's order that a LIMIT stops (`limited`: one page of a list in that order).
 */
export function fullScans(plan: string, tables: readonly string[], limited = false): string[] {
  const lines = plan.split("\n");
  const big = (name: string) => tables.includes(name);
  const found: string[] = [];
  for (const [i, line] of lines.entries()) {
    const sqlite = /^\s*(?:\|--|`--)?\s*SCAN (\w+)(?: AS \w+)?( USING (COVERING )?INDEX \w+)?/.exec(line);
    if (sqlite && big(sqlite[1]) && (!sqlite[2] || (!sqlite[3] && !limited))) found.push(line.trim());
    const seq = /Seq Scan on (\w+)/.exec(line);
    if (seq && big(seq[1])) found.push(line.trim());
    const walk = /(?<!Bitmap )Index Scan(?: Backward)? using \w+ on (\w+)/.exec(line);
    if (walk && big(walk[1]) && !limited) {
      const depth = line.search(/\S/);
      const detail = lines
        .slice(i + 1)
        .filter((_, j, rest) => rest.slice(0, j + 1).every((r) => r.search(/\S/) > depth));
      if (!detail.some((l) => /Index Cond/.test(l))) found.push(line.trim());
    }
  }
  return found;
}
