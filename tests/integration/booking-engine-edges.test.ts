/**
 * The edges of the booking engine on the database, each checked where a client or the salon
 * would notice it: stored settings that no longer read, the day's free times (a chosen option, a
 * bad query, a salon far east of Chicago, the real clock), the booking page's run of days, who
 * holds whose time, and which reason a refused time gets.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { AvailabilityQueryError, dayAvailability } from "~/server/booking/engine/day-availability.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { bookingCalendar } from "~/server/booking/engine/upcoming-days.server";
import { getBookingSettings, saveBookingSettings } from "~/server/booking/model.server";
import { blockTime, createByStaff, type StaffContext } from "~/server/booking/commands/desk-actions.server";
import { createStaff, moveStaff, setStaffActive } from "~/server/booking/people/staff.server";
import { ContentService } from "~/server/content/content.server";
import { nowIso } from "~/server/db/database.server";
import {
  databaseWithInterruption,
  outcome,
  bookingRequest as request,
  useOneLengthPerService,
} from "../support/booking-request";
import { openDayFromToday } from "../support/dates";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";
import { BOOKING_REFUSALS } from "~/server/booking/model.server";

// Monday 2026-11-30, 6:00 in Chicago (the default zone); the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const TUESDAY = "2026-12-01";
const LINKS = { secret: "test-secret-of-the-site", publicUrl: "https://salon.example" };
const ACTOR = { userId: null, email: "owner@aurelia.test" };
/** Hair with a short and a long option besides its first (the service's two hours). */
const HAIR_OPTIONS = JSON.stringify([
  { name: "Cut & Style", durationMinutes: 120, price: "$80" },
  { name: "Trim", durationMinutes: 30, price: "$30" },
  { name: "Full Color", durationMinutes: 240, price: "$180" },
]);

/** A day's starts for two hours, from 9:00 to 16:00 every half hour. */
const twoHourStarts = Array.from(
  { length: 15 },
  (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
);

/** "HH:MM" of each offered start, on the wall clock the answer is given in. */
const clockTimes = (slots: { start: string }[]) => slots.map((s) => s.start.slice(11, 16));

describe(`the booking engine's edges (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());

  beforeEach(async () => {
    await clearTables(db(), ["bookings", "staff", "booking_closures"]);
    await saveBookingSettings(db(), BOOKING_SETTINGS_DEFAULTS, null);
    await content().saveSettings({ timeZone: "America/Chicago" }, null);
    await useOneLengthPerService(db());
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

  describe("a day's free times", () => {
    it("follow the option asked for, else the service's first; an unknown service, option or date is refused with what to fix", async () => {
      await content().save("service-hair", { service_options: HAIR_OPTIONS });
      const last = async (option?: string) =>
        clockTimes(
          (await dayAvailability(db(), content(), { service: "hair", date: TUESDAY, option, now: NOW })).slots,
        ).at(-1);
      // Open until 6: the last start leaves room for the option's length.
      expect(await last()).toBe("16:00");
      expect(await last("Trim")).toBe("17:30");
      expect(await last("Full Color")).toBe("14:00");

      const refused = (query: { service: string; date: string; option?: string }) =>
        dayAvailability(db(), content(), { ...query, now: NOW });
      await expect(refused({ service: "lip-fillers", date: TUESDAY })).rejects.toEqual(
        new AvailabilityQueryError("Unknown service."),
      );
      await expect(refused({ service: "hair", date: "1 December" })).rejects.toEqual(
        new AvailabilityQueryError("Give the date as YYYY-MM-DD."),
      );
      await expect(refused({ service: "hair", date: TUESDAY, option: "Moon Landing" })).rejects.toEqual(
        new AvailabilityQueryError("Unknown option for this service."),
      );
    });

    it("list who is free at each time: nobody by name while the salon books by chair, the people who do the service once it has staff", async () => {
      const chair = await dayAvailability(db(), content(), { service: "hair", date: TUESDAY, now: NOW });
      expect(chair.slots[0]).toEqual({ start: `${TUESDAY}T09:00:00-06:00`, staff: [] });

      const bea = await createStaff(db(), ACTOR, {
        name: "Bea",
        email: "",
        photoUrl: "",
        services: ["hair"],
        hours: null,
      });
      const cleo = await createStaff(db(), ACTOR, {
        name: "Cleo",
        email: "",
        photoUrl: "",
        services: ["nails"],
        hours: null,
      });
      const staffed = await dayAvailability(db(), content(), { service: "hair", date: TUESDAY, now: NOW });
      expect(staffed.slots[0]).toEqual({ start: `${TUESDAY}T09:00:00-06:00`, staff: [bea.id] });
      // Asking for someone who does not do the service: no times, and not "call us", since others do it.
      const withCleo = await dayAvailability(db(), content(), {
        service: "hair",
        date: TUESDAY,
        now: NOW,
        staffId: cleo.id,
      });
      expect(withCleo).toMatchObject({ closed: false, slots: [] });
      expect(withCleo.unavailable).toBeUndefined();
    });

    it("in a salon far east of Chicago (Auckland), a booked morning is not offered again", async () => {
      await content().saveSettings({ timeZone: "Pacific/Auckland" }, null);
      const wednesday = "2026-12-02";
      await reserveBooking(db(), content(), request({ start: `${wednesday}T09:00:00+13:00` }), {
        links: LINKS,
        now: NOW,
      });
      const day = await dayAvailability(db(), content(), { service: "hair", date: wednesday, now: NOW });
      expect(day.timeZone).toBe("Pacific/Auckland");
      expect(clockTimes(day.slots).slice(0, 2)).toEqual(["11:00", "11:30"]);
    });

    it("without a given moment, are judged from the real clock", async () => {
      const date = openDayFromToday(3);
      const day = await dayAvailability(db(), content(), { service: "hair", date });
      expect(clockTimes(day.slots)[0]).toBe("09:00");
    });
  });

  describe("the booking page's run of days", () => {
    const calendar = (query: { option?: string | null; date?: string | null; count?: number; now?: number } = {}) =>
      bookingCalendar(db(), content(), { service: "hair", now: NOW, ...query });
    const day = (date: string, times: string[]) => ({
      date,
      closed: false,
      slots: times.map((t) => `${date}T${t}:00-06:00`),
    });
    const closed = (date: string) => ({ date, closed: true, reason: "Closed", slots: [] });

    it("shows 14 days from the first open one (not today's closed Monday), closed days with their reason, and picks the first day with a free time", async () => {
      const page = await calendar();
      expect(page).toMatchObject({
        timeZone: "America/Chicago",
        bookable: true,
        option: { name: "Women's Haircut & Style" },
        people: [],
        staffId: null,
      });
      expect(page!.days).toHaveLength(14);
      expect(page!.days.slice(0, 2)).toEqual([day(TUESDAY, twoHourStarts), day("2026-12-02", twoHourStarts)]);
      expect(page!.days.at(-1)).toEqual(closed("2026-12-14"));
      expect(page!.selected).toEqual(day(TUESDAY, twoHourStarts));
      expect((await calendar({ count: 3 }))!.days.map((d) => d.date)).toEqual([TUESDAY, "2026-12-02", "2026-12-03"]);
      // Late on an open day, with no time of its own left, the strip starts on the next open day.
      const evening = await calendar({ now: Date.parse("2026-12-01T23:30:00Z") });
      expect(evening!.days[0].date).toBe("2026-12-02");
      expect(await bookingCalendar(db(), content(), { service: "lip-fillers", now: NOW })).toBeNull();
    });

    it("lists the option asked for with its own length, else the service's first", async () => {
      await content().save("service-hair", { service_options: HAIR_OPTIONS });
      const trim = await calendar({ option: "Trim" });
      expect(trim!.option).toEqual({ name: "Trim", durationMinutes: 30, price: "$30" });
      expect(trim!.selected!.slots.at(-1)).toBe(`${TUESDAY}T17:30:00-06:00`);
      for (const option of [null, "Moon Landing"]) {
        const first = await calendar({ option });
        expect(first!.option.name).toBe("Cut & Style");
        expect(first!.selected!.slots.at(-1)).toBe(`${TUESDAY}T16:00:00-06:00`);
      }
    });

    it("stops at the end of the booking window, even inside the 14 days", async () => {
      await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, windowDays: 5 }, null);
      const page = await calendar({ date: "2026-12-02" });
      expect(page!.days.map((d) => d.date)).toEqual([TUESDAY, "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"]);
      expect(page!.selected!.date).toBe("2026-12-02");
    });

    it("selects the day asked for: today, a day beyond the 14 (its bookings hold their times), the window's last day; not one outside the window or not a date", async () => {
      // Today is closed, and still the day asked for.
      expect((await calendar({ date: "2026-11-30" }))!.selected).toEqual(closed("2026-11-30"));
      const lastDay = "2027-01-29";
      await reserveBooking(db(), content(), request({ start: `${lastDay}T09:00:00-06:00` }), {
        links: LINKS,
        now: NOW,
      });
      const far = await calendar({ date: lastDay });
      expect(far!.days).toHaveLength(14);
      expect(far!.days.map((d) => d.date)).not.toContain(lastDay);
      expect(far!.selected).toEqual(day(lastDay, twoHourStarts.slice(4)));
      for (const date of ["2027-01-30", "2026-11-29", "2026-13-01", "soon", null]) {
        expect((await calendar({ date }))!.selected!.date, String(date)).toBe(TUESDAY);
      }
    });

    it("today's bookings hold their times", async () => {
      const tuesdaySix = Date.parse(`${TUESDAY}T12:00:00Z`);
      await reserveBooking(db(), content(), request(), { links: LINKS, now: tuesdaySix });
      const page = await calendar({ now: tuesdaySix });
      expect(page!.days[0]).toEqual(day(TUESDAY, twoHourStarts.slice(4)));
    });
  });

  describe("who is free, and whose bookings hold whose time", () => {
    const ctx = (): StaffContext => ({ db: db(), content: content(), links: LINKS, actor: ACTOR, now: NOW });
    const person = (name: string, services: string[]) =>
      createStaff(db(), ACTOR, { name, email: "", photoUrl: "", services, hours: null });
    const times = async (service = "hair", staffId?: number) =>
      (await dayAvailability(db(), content(), { service, date: TUESDAY, now: NOW, staffId })).slots;
    const damage = (id: number, values: { services?: string; hours?: string }) =>
      db().updateTable("staff").set(values).where("id", "=", id).execute();

    it("someone whose stored hours no longer read works the salon's hours; stored services that are not a list are none", async () => {
      const bea = await person("Bea", ["hair"]);
      for (const hours of ["[[],[]]", "{not json", "", '"weekdays"']) {
        await damage(bea.id, { hours });
        expect(clockTimes(await times()), hours).toEqual(twoHourStarts);
      }
      await damage(bea.id, { services: '["hair", 7, null]' });
      expect((await times())[0].staff).toEqual([bea.id]);
      for (const services of ['"hair"', "{not json"]) {
        await damage(bea.id, { services });
        expect(
          await dayAvailability(db(), content(), { service: "hair", date: TUESDAY, now: NOW }),
          services,
        ).toMatchObject({
          slots: [],
          unavailable: "Online booking for Hair is not available right now. Call us at (713) 555-0142.",
        });
      }
    });

    it("lists people in the salon's order, and 'any available' books the first of them", async () => {
      const bea = await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["hair"]);
      await moveStaff(db(), ACTOR, cleo.id, -1);
      expect((await times())[0].staff).toEqual([cleo.id, bea.id]);
      const made = await reserveBooking(db(), content(), request(), { links: LINKS, now: NOW });
      expect(made.staffId).toBe(cleo.id);
      // Same place in the order: the one added first comes first.
      await db().updateTable("staff").set({ display_order: 0 }).execute();
      const two = (await times()).find((s) => s.start === `${TUESDAY}T14:00:00-06:00`);
      expect(two?.staff).toEqual([bea.id, cleo.id]);
    });

    it("a deactivated person's bookings leave the chair free once the salon books by chair again", async () => {
      const bea = await person("Bea", ["hair"]);
      await reserveBooking(db(), content(), request(), { links: LINKS, now: NOW });
      expect(clockTimes(await times())[0]).toBe("11:00");
      await setStaffActive(db(), ACTOR, bea.id, false);
      expect(clockTimes(await times())[0]).toBe("09:00");
    });

    it("time blocked on a service's chair before anyone was set up does not hold the people added later; an appointment there does", async () => {
      await blockTime(ctx(), {
        resource: "service:hair",
        date: TUESDAY,
        allDay: false,
        start: "09:00",
        end: "12:00",
        label: "Deep clean",
      });
      expect(clockTimes(await times())[0]).toBe("12:00");
      await reserveBooking(db(), content(), request({ start: `${TUESDAY}T14:00:00-06:00` }), {
        links: LINKS,
        now: NOW,
      });
      const bea = await person("Bea", ["hair"]);
      const free = clockTimes(await times("hair", bea.id));
      // Free from 9, but not for a time that would meet the appointment at 14:00 to 16:00.
      expect(free).toEqual([...twoHourStarts.slice(0, 7), "16:00"]);
    });
  });

  describe("the owner changes someone's services while a client's booking is being made", () => {
    const person = (name: string, services: string[]) =>
      createStaff(db(), ACTOR, { name, email: "", photoUrl: "", services, hours: null });
    const giveServices = (id: number, services: string[]) =>
      db()
        .updateTable("staff")
        .set({ services: JSON.stringify(services) })
        .where("id", "=", id)
        .execute();
    const nineOClock = `${TUESDAY}T09:00:00-06:00`;

    it("a person given a new service after the booking read who does what still gets the time, held against that service's chair too", async () => {
      const bea = await person("Bea", ["hair"]);
      // After the booking has read the staff, before it takes its locks: Bea now does nails as well.
      const racing = databaseWithInterruption(db(), () => giveServices(bea.id, ["hair", "nails"]));
      const made = await reserveBooking(racing, content(), request({ staff: bea.id }), { links: LINKS, now: NOW });
      expect(made).toMatchObject({ status: "requested", staffId: bea.id, startsAt: `${TUESDAY}T15:00:00.000Z` });
      // Her hair appointment holds her for nails too: nails at 9:00 is no longer offered.
      const nails = await dayAvailability(db(), content(), { service: "nails", date: TUESDAY, now: NOW });
      expect(nails.slots.map((s) => s.start)).not.toContain(nineOClock);
    });

    it("an appointment on the new service's chair, booked before, holds the person given that service meanwhile", async () => {
      await reserveBooking(db(), content(), request({ service: "nails" }), { links: LINKS, now: NOW });
      const bea = await person("Bea", ["hair"]);
      const racing = databaseWithInterruption(db(), () => giveServices(bea.id, ["hair", "nails"]));
      expect(
        await outcome(reserveBooking(racing, content(), request({ staff: bea.id }), { links: LINKS, now: NOW })),
      ).toBe(`409 ${BOOKING_REFUSALS.taken}`);
      expect(await db().selectFrom("bookings").select("service").execute()).toEqual([{ service: "nails" }]);
    });

    it("services that keep changing under every attempt end the booking with an error and store nothing", async () => {
      const bea = await person("Bea", ["hair"]);
      const more = ["nails", "eyebrows", "makeup", "lashes", "facials-waxing"];
      let given = 0;
      const racing = databaseWithInterruption(
        db(),
        () => giveServices(bea.id, ["hair", ...more.slice(0, ++given)]),
        more.length,
      );
      await expect(
        reserveBooking(racing, content(), request({ staff: bea.id }), { links: LINKS, now: NOW }),
      ).rejects.toThrow("The staff kept changing while a time was claimed");
      // Four attempts, each finding one more chair to lock.
      expect(given).toBe(4);
      expect(await db().selectFrom("bookings").select("id").execute()).toEqual([]);
    });
  });

  describe("which reason a refused time gets", () => {
    const refusal = (start: string, now: number) =>
      reserveBooking(db(), content(), request({ start }), { links: LINKS, now }).then(
        () => "booked",
        (error: Error) => error.message,
      );

    it("a time off the grid exactly at the lead time is not one we offer; a minute later, it is too soon", async () => {
      // Two hours before 9:15 on Tuesday, then a minute after that.
      const sevenFifteen = Date.parse(`${TUESDAY}T07:15:00-06:00`);
      expect(await refusal(`${TUESDAY}T09:15:00-06:00`, sevenFifteen)).toBe(BOOKING_REFUSALS.notOffered);
      expect(await refusal(`${TUESDAY}T09:15:00-06:00`, sevenFifteen + 60_000)).toBe(BOOKING_REFUSALS.tooSoon);
    });

    it("a time off the grid on the booking window's last day is not one we offer; the next open day is too far", async () => {
      // Sixty days after Monday 2026-11-30.
      expect(await refusal("2027-01-29T09:15:00-06:00", NOW)).toBe(BOOKING_REFUSALS.notOffered);
      expect(await refusal("2027-02-02T09:00:00-06:00", NOW)).toBe(BOOKING_REFUSALS.tooFar);
    });

    it("the front desk may book outside opening hours, and is told a time it already gave is taken", async () => {
      const ctx = { db: db(), content: content(), links: LINKS, actor: ACTOR, now: NOW };
      const saturday = {
        firstName: "Ada",
        lastName: "Client",
        email: "ada@example.com",
        phone: "(713) 555-0100",
        notes: "",
        service: "hair",
        date: "2026-12-05",
        time: "10:00",
        staff: "any" as const,
      };
      expect(await createByStaff(ctx, saturday)).toMatchObject({
        status: "confirmed",
        startsAt: "2026-12-05T16:00:00.000Z",
      });
      await expect(createByStaff(ctx, { ...saturday, time: "11:30" })).rejects.toMatchObject({
        status: 409,
        message: STAFF_MESSAGES.taken,
      });
    });
  });
});
