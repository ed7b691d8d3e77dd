import { beforeEach, describe, expect, it } from "vitest";
import { ContentService } from "~/server/content/content.server";
import { dashboardStats } from "~/server/dashboard/stats.server";
import type { SubmissionStatus } from "~/server/db/schema";
import { getSettings, saveSettings, UnknownTimeZoneError } from "~/server/settings/settings.server";
import { testDialect, useTestDatabase } from "../support/test-db";

describe(`the salon's time zone setting (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const stored = () =>
    db()
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "time_zone")
      .executeTakeFirst()
      .then((row) => row?.value);

  beforeEach(async () => {
    await db().deleteFrom("settings").execute();
  });

  it("defaults to America/Chicago", async () => {
    expect((await getSettings(db())).timeZone).toBe("America/Chicago");
  });

  it("saves an IANA zone, and the cached settings show it at once", async () => {
    const content = new ContentService(db());
    expect((await content.getSettings()).timeZone).toBe("America/Chicago");
    await content.saveSettings({ timeZone: "Pacific/Auckland" }, null);
    expect(await stored()).toBe("Pacific/Auckland");
    expect((await content.getSettings()).timeZone).toBe("Pacific/Auckland");
    // The other settings keep their values.
    expect(await content.getSettings()).toMatchObject({ notifyEmail: "", confirmationEmails: true });
  });

  it("refuses a zone that is not in the IANA list and keeps the stored one", async () => {
    await saveSettings(db(), { timeZone: "Europe/Berlin" }, null);
    for (const bad of ["Mars/Olympus_Mons", "europe/berlin", "", "CST"]) {
      await expect(saveSettings(db(), { timeZone: bad }, null), bad).rejects.toBeInstanceOf(UnknownTimeZoneError);
    }
    expect(await stored()).toBe("Europe/Berlin");
  });

  it("reads a stored zone this runtime does not know as the default", async () => {
    await db()
      .insertInto("settings")
      .values({ key: "time_zone", value: "Atlantis/Lost", updated_at: new Date().toISOString(), updated_by: null })
      .execute();
    expect((await getSettings(db())).timeZone).toBe("America/Chicago");
  });
});

describe(`the dashboard's counts (${testDialect})`, () => {
  const testDb = useTestDatabase();
  // A Wednesday. The week began Monday Mar 9 00:00 in Chicago (05:00 UTC, daylight time since
  // Sunday) and Monday Mar 9 00:00 in Auckland (Mar 8 11:00 UTC).
  const now = new Date("2026-03-11T12:00:00.000Z");
  const CHICAGO_WEEK = "2026-03-09T05:00:00.000Z";
  const AUCKLAND_WEEK = "2026-03-08T11:00:00.000Z";

  const add = (form_type: string, status: SubmissionStatus, created_at: string) =>
    testDb()
      .db.insertInto("form_submissions")
      .values({ form_type, status, created_at, name: "Row", email: "row@example.com" })
      .execute();

  beforeEach(async () => {
    await testDb().db.deleteFrom("form_submissions").execute();
    await add("Booking", "new", CHICAGO_WEEK); // the first instant of the week
    await add("Booking", "read", "2026-03-09T04:59:59.999Z"); // the last of the one before
    await add("Booking", "archived", "2026-03-10T10:00:00.000Z");
    await add("Contact", "new", "2026-03-10T10:00:00.000Z");
    await add("Contact", "read", "2026-03-02T10:00:00.000Z");
    await add("Contact", "spam", "2026-03-10T10:00:00.000Z");
    await add("Suite Application", "new", AUCKLAND_WEEK);
    await add("Newsletter", "new", "2026-03-08T10:59:59.999Z");
    await add("appointment_request", "new", "2026-03-11T11:00:00.000Z");
  });

  it("counts this week from Monday 00:00 in the salon's zone, by form type, spam left out", async () => {
    const stats = await dashboardStats(testDb().db, "America/Chicago", now);
    expect(stats.weekStart).toBe(CHICAGO_WEEK);
    expect(Object.fromEntries(stats.thisWeek.map((r) => [r.type, r.count]))).toEqual({
      appointment_request: 1,
      Contact: 1,
      Booking: 2,
      "Suite Application": 0,
      Newsletter: 0,
    });
    expect(stats.newThisWeek).toBe(4);
  });

  it("moves the week's start with the zone", async () => {
    const stats = await dashboardStats(testDb().db, "Pacific/Auckland", now);
    expect(stats.weekStart).toBe(AUCKLAND_WEEK);
    expect(Object.fromEntries(stats.thisWeek.map((r) => [r.type, r.count]))).toMatchObject({
      Booking: 3,
      "Suite Application": 1,
      Newsletter: 0,
    });
    expect(stats.newThisWeek).toBe(6);
  });

  it("counts booking requests still in the inbox, unopened contact messages and everything unread", async () => {
    const stats = await dashboardStats(testDb().db, "America/Chicago", now);
    expect(stats.bookingRequests).toBe(2);
    expect(stats.unansweredMessages).toBe(1);
    expect(stats.unread).toBe(5);
  });
});
