/**
 * The server keeps SQLite's planner statistics (keepPlannerStatistics, at start and every few
 * hours): without them the planner guessed, and a booking's client cap walked every upcoming
 * booking instead of the client's own through the e-mail and phone indexes.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { clientCapRefusal, clientKeys } from "~/server/booking/engine/client-cap.server";
import { keepPlannerStatistics } from "~/server/db/database.server";
import { insertBookingRow } from "../support/booking-rows";
import { queryPlan, selectsOf } from "../support/query-plan";
import { testDialect, useTestDatabase } from "../support/test-db";

describe.skipIf(testDialect !== "sqlite")("SQLite planner statistics", () => {
  const testDb = useTestDatabase();

  it("are made when the server starts, and the client cap then reads the client's own bookings by index", async () => {
    const { db } = testDb();
    // A salon with bookings ahead: many clients, each with a booking or two.
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < 400; i++)
        await insertBookingRow(tx, {
          starts_at: new Date(Date.UTC(2027, 0, 1 + (i % 60), 15)).toISOString(),
          email: `client${i % 200}@example.com`,
          email_key: `client${i % 200}@example.com`,
          phone_key: `71355501${String(i % 200).padStart(2, "0")}`,
          source: "online",
        });
    });
    const stats = () =>
      sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`
        .execute(db)
        .then((r) => Number(r.rows[0].n));
    expect(await stats()).toBe(0);

    const stop = keepPlannerStatistics(db, "sqlite", { warn: (message) => expect.fail(message) });
    try {
      await expect.poll(stats).toBe(1);
      await expect
        .poll(() =>
          sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'bookings'`
            .execute(db)
            .then((r) => Number(r.rows[0].n)),
        )
        .toBeGreaterThan(0);
    } finally {
      stop();
    }

    const [count] = await selectsOf(db, (recording) =>
      clientCapRefusal(recording, clientKeys({ email: "client7@example.com", phone: "(713) 555-0107" }), {
        max: 3,
        salonPhone: "",
        now: Date.UTC(2026, 11, 1),
        requestExpiryHours: 24,
      }),
    );
    const plan = await queryPlan(db, count);
    expect(plan).toContain("bookings_email_key");
    expect(plan).toContain("bookings_phone_key");
  });
});
