import { beforeEach, describe, expect, it } from "vitest";
import { ContentService } from "~/server/content/content.server";
import { dashboardStats } from "~/server/dashboard/stats.server";
import type { BookingStatus, SubmissionStatus } from "~/server/db/schema";
import { getSettings, saveSettings, UnknownTimeZoneError } from "~/server/settings/settings.server";
import { insertBookingRow } from "../support/booking-rows";
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

  it("counts an answered booking request as still in the inbox", async () => {
    await add("Booking", "answered", "2026-03-10T11:00:00.000Z");
    const stats = await dashboardStats(testDb().db, "America/Chicago", now);
    expect(stats.bookingRequests).toBe(3);
    expect(stats.unread).toBe(5);
  });
});

describe(`the dashboard's bookings: today's appointments and the requests waiting (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  // Wednesday Mar 11, 7:00 in Chicago (daylight time): the salon's day runs 05:00 UTC to 05:00 UTC.
  const now = new Date("2026-03-11T12:00:00.000Z");
  const at = "2026-03-01T00:00:00.000Z";

  const add = async (
    client: string,
    starts_at: string,
    status: BookingStatus,
    extra: { kind?: "appointment" | "block"; staff_id?: number | null; service?: string; option_name?: string } = {},
  ) => {
    const [first_name, last_name] = client.split(" ");
    await insertBookingRow(db(), {
      kind: extra.kind ?? "appointment",
      staff_id: extra.staff_id ?? null,
      service: extra.service ?? "nails",
      option_name: extra.option_name ?? "Gel Manicure",
      duration_minutes: 60,
      starts_at,
      status,
      first_name,
      last_name,
      email: "",
      phone: "",
      price: "",
      source: "online",
      created_at: at,
      updated_at: at,
    });
  };

  beforeEach(async () => {
    await db().deleteFrom("bookings").execute();
    await db().deleteFrom("staff").execute();
    const maya = await db()
      .insertInto("staff")
      .values({ name: "Maya", calendar_token: "t-maya", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await add("Ada Lovelace", "2026-03-11T15:00:00.000Z", "confirmed", {
      staff_id: maya.id,
      service: "hair",
      option_name: "Balayage",
    });
    await add("Bea Book", "2026-03-11T19:30:00.000Z", "requested");
    await add("Cancelled Client", "2026-03-11T16:00:00.000Z", "cancelled");
    await add("Late Lucy", "2026-03-12T04:59:00.000Z", "requested"); // 11:59 PM in Chicago, still today
    await add("Tomorrow Tom", "2026-03-12T05:00:00.000Z", "confirmed"); // midnight: tomorrow
    await add("Early Eve", "2026-03-11T05:00:00.000Z", "requested"); // today, but its time has passed
    await add("Lunch Break", "2026-03-11T17:00:00.000Z", "confirmed", { kind: "block" });
    await add("Proposed Pat", "2026-03-13T15:00:00.000Z", "proposed");
    for (const day of [17, 18, 19, 20, 24]) await add(`Later ${day}`, `2026-03-${day}T15:00:00.000Z`, "requested");
  });

  it("lists today's requested and confirmed appointments on the salon's clock, by time, with client, service and staff", async () => {
    const { today } = await dashboardStats(db(), "America/Chicago", now);
    expect(today.date).toBe("2026-03-11");
    expect(today.appointments.map((a) => a.client)).toEqual(["Early Eve", "Ada Lovelace", "Bea Book", "Late Lucy"]);
    expect(today.appointments[1]).toEqual({
      id: expect.any(Number),
      startsAt: "2026-03-11T15:00:00.000Z",
      endsAt: "2026-03-11T16:00:00.000Z",
      client: "Ada Lovelace",
      service: "Hair",
      option: "Balayage",
      staff: "Maya",
      status: "confirmed",
      requestedAt: at,
    });
    expect(today.appointments[2]).toMatchObject({ service: "Nails", staff: null, status: "requested" });
  });

  it("moves 'today' with the salon's zone", async () => {
    // 1:00 AM Thursday Mar 12 in Auckland: its day runs Mar 11 11:00 UTC to Mar 12 11:00 UTC.
    const { today } = await dashboardStats(db(), "Pacific/Auckland", now);
    expect(today.date).toBe("2026-03-12");
    expect(today.appointments.map((a) => a.client)).toEqual(["Ada Lovelace", "Bea Book", "Late Lucy", "Tomorrow Tom"]);
  });

  it("counts the requests still to answer whose time is ahead, and lists the next five", async () => {
    const { waiting, bookingRequests } = await dashboardStats(db(), "America/Chicago", now);
    expect(waiting.count).toBe(7);
    expect(waiting.next.map((a) => a.client)).toEqual(["Bea Book", "Late Lucy", "Later 17", "Later 18", "Later 19"]);
    // Booking request submissions in the inbox are counted apart, as before.
    expect(bookingRequests).toBe(0);
  });
});
