/**
 * Processing time and visits of several services on the database: a colour's person takes another
 * client while it processes, what a booking holds is kept on it, and a visit is booked, moved and
 * cancelled as one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { dayAvailability } from "~/server/booking/engine/day-availability.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { calendarEntries } from "~/server/booking/engine/calendar.server";
import { saveBookingSettings } from "~/server/booking/model.server";
import { createStaff } from "~/server/booking/people/staff.server";
import { ContentService } from "~/server/content/content.server";
import { LINKS, DESK, outcome, bookingRequest as request } from "../support/booking-request";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

// Monday 2026-11-30, 6:00 in Chicago; the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const TUESDAY = "2026-12-01";
const at = (hhmm: string) => `${TUESDAY}T${hhmm}:00-06:00`;
/** A colour: 45 minutes' work, 30 processing, 30 to finish. */
const HAIR_OPTIONS = JSON.stringify([
  { name: "Colour", durationMinutes: 105, price: "$120", processing: { afterMinutes: 45, minutes: 30 } },
  { name: "Trim", durationMinutes: 30, price: "$30" },
]);
const clockTimes = (slots: { start: string }[]) => slots.map((s) => s.start.slice(11, 16));

describe(`processing time and visits (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  const book = (overrides: Parameters<typeof request>[0]) =>
    reserveBooking(db(), content(), request(overrides), { links: LINKS, now: NOW });
  const person = (name: string, services: string[]) =>
    createStaff(db(), DESK, { name, email: "", photoUrl: "", services, hours: null });

  beforeEach(async () => {
    await clearTables(db(), ["bookings", "staff", "booking_closures", "mail_outbox"]);
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, stepMinutes: 15, leadMinutes: 0 }, null);
    await content().saveSettings({ timeZone: "America/Chicago" }, null);
    await content().save("service-hair", { service_options: HAIR_OPTIONS });
  });

  describe("processing time", () => {
    it("frees the person while the colour processes: another client's trim fits there, a second one does not", async () => {
      const bea = await person("Bea", ["hair"]);
      expect(await outcome(book({ option: "Colour", start: at("09:00") }))).toBe("done");
      const trims = async () =>
        clockTimes(
          (await dayAvailability(db(), content(), { service: "hair", option: "Trim", date: TUESDAY, now: NOW })).slots,
        );
      expect((await trims()).slice(0, 3)).toEqual(["09:45", "10:45", "11:00"]);
      const trim = await book({ option: "Trim", start: at("09:45"), email: "bo@example.com" });
      expect(trim.staffId).toBe(bea.id);
      expect(await outcome(book({ option: "Trim", start: at("09:45"), email: "cy@example.com" }))).toMatch(/^409 /);
      // The finish is hers again.
      expect(await outcome(book({ option: "Trim", start: at("10:15"), email: "cy@example.com" }))).toMatch(/^409 /);
    });

    it("shows on the calendar as the colour's processing, in its person's column", async () => {
      const bea = await person("Bea", ["hair"]);
      await book({ option: "Colour", start: at("09:00") });
      const [entry] = await calendarEntries(db(), NOW, NOW + 2 * 86_400_000);
      expect(entry).toMatchObject({
        resource: `staff:${bea.id}`,
        startsAt: "2026-12-01T15:00:00.000Z",
        endsAt: "2026-12-01T16:45:00.000Z",
        processing: { startsAt: "2026-12-01T15:45:00.000Z", endsAt: "2026-12-01T16:15:00.000Z" },
      });
    });

    it("keeps a chair held through processing while the salon books by chair", async () => {
      await book({ option: "Colour", start: at("09:00") });
      expect(await outcome(book({ option: "Trim", start: at("09:45"), email: "bo@example.com" }))).toMatch(/^409 /);
    });

    it("is kept on the booking: the owner's later change to the option does not change what it holds", async () => {
      await person("Bea", ["hair"]);
      await book({ option: "Colour", start: at("09:00") });
      await content().save("service-hair", {
        service_options: JSON.stringify([
          { name: "Colour", durationMinutes: 105, price: "$120" },
          { name: "Trim", durationMinutes: 30, price: "$30" },
        ]),
      });
      expect(await outcome(book({ option: "Trim", start: at("09:45"), email: "bo@example.com" }))).toBe("done");
      // A new colour now holds Bea throughout.
      expect(await outcome(book({ option: "Colour", start: at("11:00"), email: "cy@example.com" }))).toBe("done");
      expect(await outcome(book({ option: "Trim", start: at("11:45"), email: "di@example.com" }))).toMatch(/^409 /);
    });
  });
});
