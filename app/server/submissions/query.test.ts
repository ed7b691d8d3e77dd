import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import { parseInboxQuery } from "~/lib/submissions";
import type { Database } from "../db/schema";
import { inboxWhere, likePattern, phoneDigits, searchTerms, VIEW_STATUSES } from "./query.server";

/** Kysely without a database: compiles queries so their SQL and parameters can be checked. */
function compiler(dialect: "sqlite" | "postgres") {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (dialect === "sqlite" ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (dialect === "sqlite" ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (dialect === "sqlite" ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

const compiled = (dialect: "sqlite" | "postgres", search: string) =>
  compiler(dialect)
    .selectFrom("form_submissions")
    .select("id")
    .where(inboxWhere(parseInboxQuery(new URLSearchParams(search))))
    .compile();

describe("search words", () => {
  it("splits on spaces, lower-cases, drops repeats and keeps at most six", () => {
    expect(searchTerms("  Jane   DOE jane ")).toEqual(["jane", "doe"]);
    expect(searchTerms("")).toEqual([]);
    expect(searchTerms("a b c d e f g h")).toHaveLength(6);
  });

  it("escapes LIKE wildcards so they match themselves", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(likePattern("Jane")).toBe("%jane%");
  });

  it("treats phone-like words as digits (at least three)", () => {
    expect(phoneDigits("(713)")).toBe("713");
    expect(phoneDigits("555-0142")).toBe("5550142");
    expect(phoneDigits("+1")).toBeNull();
    expect(phoneDigits("jane")).toBeNull();
    expect(phoneDigits("a1b2c3")).toBeNull();
  });
});

describe("inbox WHERE", () => {
  it("the default view is new, read and answered, never archived or spam", () => {
    const { sql, parameters } = compiled("sqlite", "");
    expect(sql).toBe('select "id" from "form_submissions" where ("status" in (?, ?, ?) and 1 = 1)');
    expect(parameters).toEqual(["new", "read", "answered"]);
    expect(VIEW_STATUSES.all).not.toContain("spam");
    expect(VIEW_STATUSES.spam).toEqual(["spam"]);
  });

  it("adds the form type and one OR-group per search word over name, email, phone, service and message", () => {
    const { sql, parameters } = compiled("sqlite", "status=archived&type=Booking&q=Jane%20balayage");
    expect(parameters.slice(0, 2)).toEqual(["archived", "Booking"]);
    expect(sql).toContain('"status" in (?)');
    expect(sql).toContain('"form_type" = ?');
    for (const column of ["name", "email", "phone", "service", "message"]) {
      expect(sql).toContain(`lower(coalesce("${column}", '')) like ? escape '\\'`);
    }
    // Two words: ten LIKEs, every word must match somewhere.
    expect(sql.match(/ like \?/g)).toHaveLength(10);
    expect(parameters.filter((p) => p === "%jane%")).toHaveLength(5);
    expect(parameters.filter((p) => p === "%balayage%")).toHaveLength(5);
  });

  it("matches a phone word against the phone's bare digits too", () => {
    const { sql, parameters } = compiled("postgres", "q=(713)%20555-01");
    expect(sql).toContain("replace(replace(");
    expect(parameters).toContain("%713%");
    expect(parameters).toContain("%55501%");
    expect(sql).toContain("$1");
  });

  it("ignores an unknown status or type instead of failing", () => {
    const { parameters } = compiled("sqlite", "status=deleted&type=Unknown");
    expect(parameters).toEqual(["new", "read", "answered"]);
  });
});
