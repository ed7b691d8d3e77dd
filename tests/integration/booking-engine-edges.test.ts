/**
 * The edges of the booking engine on the database, each checked where a client or the salon
 * would notice it: stored settings that no longer read, the day's free times at a zone far from
 * Chicago, the booking page's run of days, who holds whose time, and which reason a refused time
 * gets.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { getBookingSettings, saveBookingSettings } from "~/server/booking/rules.server";
import { nowIso } from "~/server/db/database.server";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

describe(`the booking engine's edges (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;

  beforeEach(async () => {
    await clearTables(db(), ["bookings", "staff", "booking_closures"]);
    await saveBookingSettings(db(), BOOKING_SETTINGS_DEFAULTS, null);
  });

  it("a stored booking setting that no longer passes its check reads as its default; the others keep their values", async () => {
    await saveBookingSettings(
      db(),
      { ...BOOKING_SETTINGS_DEFAULTS, leadMinutes: 30, windowDays: 20, stepMinutes: 15 },
      null,
    );
    const damage = (key: string, value: string) =>
      db().updateTable("settings").set({ value, updated_at: nowIso() }).where("key", "=", key).execute();
    await damage("booking_lead_minutes", "soon");
    await damage("booking_window_days", "400");
    await damage("booking_confirmation_mode", "whenever");
    expect(await getBookingSettings(db())).toEqual({
      ...BOOKING_SETTINGS_DEFAULTS,
      leadMinutes: BOOKING_SETTINGS_DEFAULTS.leadMinutes,
      windowDays: BOOKING_SETTINGS_DEFAULTS.windowDays,
      confirmationMode: "approve",
      stepMinutes: 15,
    });
  });
});
