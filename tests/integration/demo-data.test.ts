/**
 * `npm run demo` on both databases: a short demo (two weeks) writes valid rows — no two bookings
 * that hold time overlap on one person, every row has its client — and --remove takes out exactly
 * the demo's rows, and the files of its photos.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { mediaRoots } from "~/server/media/library.server";
import { SALON_WEEK } from "~/server/demo/generate";
import { DemoRefusedError, hasDemoData, loadDemo, removeDemo } from "~/server/demo/demo.server";
import { HOLDING_STATUSES } from "~/server/booking/model.server";
import { clearTables, useTestDatabase } from "../support/test-db";

const getDb = useTestDatabase();
const NOW = Date.parse("2026-11-27T18:00:00Z");
const OPTIONS = { today: "2026-11-27", days: 14, timeZone: "America/Chicago", hours: SALON_WEEK };
const OWN = {
  form_type: "Contact",
  name: "Dana Owner",
  email: "dana@example.com",
  status: "new" as const,
  created_at: "2026-11-01T10:00:00.000Z",
};

describe("demo data", () => {
  beforeEach(async () => {
    const { db } = getDb();
    await removeDemo(db);
    await clearTables(db, ["form_submissions"]);
  });

  it("writes bookings that never overlap on one person, each with its client", async () => {
    const { db } = getDb();
    const counts = await loadDemo(db, OPTIONS);
    expect(counts.bookings).toBeGreaterThan(100);
    expect(await hasDemoData(db)).toBe(true);

    const holding = await db
      .selectFrom("bookings")
      .select(["resource", "starts_at", "ends_at"])
      .where("status", "in", [...HOLDING_STATUSES])
      .orderBy("resource")
      .orderBy("starts_at")
      .execute();
    for (let i = 1; i < holding.length; i++)
      if (holding[i].resource === holding[i - 1].resource)
        expect(Date.parse(holding[i].starts_at)).toBeGreaterThanOrEqual(Date.parse(holding[i - 1].ends_at));

    const appointments = await db
      .selectFrom("bookings")
      .innerJoin("clients", "clients.id", "bookings.client_id")
      .select(["bookings.email", "clients.email as clientEmail"])
      .where("kind", "=", "appointment")
      .execute();
    expect(appointments).toHaveLength(counts.bookings);
    expect(appointments.every((b) => b.email === b.clientEmail)).toBe(true);
    const unmatched = await db.selectFrom("form_submissions").select("id").where("client_id", "is", null).execute();
    expect(unmatched).toEqual([]);

    // Outcomes agree with time: nothing ahead is a no-show, nothing past still waits for an answer.
    const wrong = await db
      .selectFrom("bookings")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("starts_at", ">", new Date(NOW).toISOString()), eb("outcome", "=", "no_show")]),
          eb.and([eb("ends_at", "<", "2026-11-27T06:00:00.000Z"), eb("status", "=", "requested")]),
        ]),
      )
      .execute();
    expect(wrong).toEqual([]);
  });

  it("refuses a database with the owner's own submissions unless forced, and --remove leaves them", async () => {
    const { db } = getDb();
    await db.insertInto("form_submissions").values(OWN).execute();
    await expect(loadDemo(db, OPTIONS)).rejects.toThrow(DemoRefusedError);
    expect(await hasDemoData(db)).toBe(false);

    await loadDemo(db, { ...OPTIONS, force: true });
    await removeDemo(db);
    expect(await hasDemoData(db)).toBe(false);
    const left = await db.selectFrom("form_submissions").select("email").execute();
    expect(left).toEqual([{ email: OWN.email }]);
    for (const table of ["bookings", "clients", "staff", "waitlist_entries"] as const) {
      const rows = await db.selectFrom(table).select("id").execute();
      expect(rows, table).toEqual([]);
    }
    const demoResources = await db
      .selectFrom("booking_resources")
      .select("key")
      .where("key", "like", "staff:%")
      .execute();
    expect(demoResources).toEqual([]);
  });

  it("puts about two photos a week in the media library and people who left on the staff list; --remove takes them and their files", async () => {
    const { db, dataDir } = getDb();
    const media = mediaRoots(dataDir);
    const counts = await loadDemo(db, { ...OPTIONS, days: 40, media });
    expect(counts).toMatchObject({ photos: 11, formerStaff: 1 });
    const photos = await db.selectFrom("site_images").selectAll().where("builtin", "=", 0).execute();
    expect(photos).toHaveLength(11);
    for (const photo of photos) {
      expect(photo.storage_key).toMatch(/^demo\/2026-\d\d-\d\d-\d{4}-[a-z0-9-]+\.jpg$/);
      expect(fs.statSync(path.join(media.uploadsDir, photo.storage_key)).size).toBe(photo.size_bytes);
    }
    const former = await db.selectFrom("staff").select(["name", "is_active"]).where("is_active", "=", 0).execute();
    expect(former).toHaveLength(1);

    await removeDemo(db, media);
    expect(await db.selectFrom("site_images").select("id").where("builtin", "=", 0).execute()).toEqual([]);
    for (const photo of photos) expect(fs.existsSync(path.join(media.uploadsDir, photo.storage_key))).toBe(false);
  });
});
