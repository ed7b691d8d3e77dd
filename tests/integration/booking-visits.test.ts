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
import { bookingCalendar } from "~/server/booking/engine/upcoming-days.server";
import { visitChoices } from "~/server/booking/engine/visit-choices.server";
import { cancelByClient, moveByClient } from "~/server/booking/commands/client-actions.server";
import { confirmBooking } from "~/server/booking/commands/desk-actions.server";
import { saveBookingSettings } from "~/server/booking/model.server";
import { createStaff } from "~/server/booking/people/staff.server";
import { ContentService } from "~/server/content/content.server";
import { LINKS, DESK, deskContext, outcome, bookingRequest as request } from "../support/booking-request";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";
import { withSentBodies } from "../support/queued-mail";

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

  describe("a visit of several services", () => {
    const NAILS = JSON.stringify([{ name: "Gel Manicure", durationMinutes: 45, price: "$45" }]);
    const visit = (overrides: Parameters<typeof request>[0] = {}) =>
      book({ option: "Trim", more: [{ service: "nails", option: "Gel Manicure" }], ...overrides });

    beforeEach(async () => {
      await content().save("service-nails", { service_options: NAILS });
    });

    it("offers the times at which every part fits back to back, each with whoever is free for it", async () => {
      const bea = await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["nails"]);
      await book({ service: "nails", option: "Gel Manicure", start: at("09:30"), email: "bo@example.com" });
      const day = await dayAvailability(db(), content(), {
        service: "hair",
        option: "Trim",
        date: TUESDAY,
        now: NOW,
        more: [{ service: "nails", option: "Gel Manicure" }],
      });
      // A 9:00 trim would hand over to Cleo at 9:30, when she is busy until 10:15.
      expect(clockTimes(day.slots).slice(0, 2)).toEqual(["09:45", "10:00"]);
      expect(day.slots[0]).toEqual({
        start: at("09:45"),
        staff: [bea.id],
        parts: [
          { start: at("09:45"), staff: [bea.id] },
          { start: at("10:15"), staff: [cleo.id] },
        ],
      });
    });

    it("is one booking: one row, one link, one e-mail to the client; its parts are claimed together or not at all", async () => {
      const bea = await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["nails"]);
      // Cleo is busy at 9:30: a 9:00 visit would need her then, so nothing of it is written.
      await book({ service: "nails", option: "Gel Manicure", start: at("09:30"), email: "bo@example.com" });
      expect(await outcome(visit({ start: at("09:00") }))).toMatch(/^409 /);
      expect(await db().selectFrom("bookings").select("id").execute()).toHaveLength(1);

      const made = await visit({ start: at("10:00") });
      expect(made).toMatchObject({
        startsAt: "2026-12-01T16:00:00.000Z",
        endsAt: "2026-12-01T17:15:00.000Z",
        staffId: bea.id,
      });
      const rows = await db().selectFrom("bookings").selectAll().where("id", "=", made.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].price).toBe("$30 + $45");
      const mails = await db()
        .selectFrom("mail_outbox")
        .selectAll()
        .where("to_address", "=", "ada@example.com")
        .execute()
        .then(withSentBodies);
      expect(mails).toHaveLength(1);
      expect(mails[0].text_body).toContain("Trim, then Nails — Gel Manicure");
      // Cleo's part holds her: nobody else gets her 10:30 manicure time.
      expect(
        await outcome(book({ service: "nails", option: "Gel Manicure", start: at("10:30"), email: "cy@example.com" })),
      ).toMatch(/^409 /);
      const entries = await calendarEntries(db(), NOW, NOW + 2 * 86_400_000);
      expect(entries.filter((e) => e.id === made.id).map((e) => [e.resource, e.startsAt, e.part, e.parts])).toEqual([
        [`staff:${bea.id}`, "2026-12-01T16:00:00.000Z", 0, 2],
        [`staff:${cleo.id}`, "2026-12-01T16:30:00.000Z", 1, 2],
      ]);
    });

    it("tells every person in it, once, of their own parts and times; the client gets one e-mail with one event", async () => {
      const staffed = (name: string, services: string[]) =>
        createStaff(db(), DESK, {
          name,
          email: `${name.toLowerCase()}@salon.test`,
          photoUrl: "",
          services,
          hours: null,
        });
      const bea = await staffed("Bea", ["hair"]);
      const cleo = await staffed("Cleo", ["nails"]);
      // Bea trims, Cleo does the manicure, then Bea trims once more.
      const made = await visit({
        start: at("10:00"),
        more: [
          { service: "nails", option: "Gel Manicure", staff: cleo.id },
          { service: "hair", option: "Trim", staff: bea.id },
        ],
      });
      const mails = await db()
        .selectFrom("mail_outbox")
        .select(["to_address", "text_body", "calendar_body", "compose_input"])
        .orderBy("id")
        .execute()
        .then(withSentBodies);
      const to = (address: string) => mails.filter((m) => m.to_address === address);
      expect(to("ada@example.com")).toHaveLength(1);
      expect(to("bea@salon.test")).toHaveLength(1);
      expect(to("cleo@salon.test")).toHaveLength(1);
      const [beas] = to("bea@salon.test");
      expect(beas.text_body).toContain("Service: Hair — Trim, then Hair — Trim");
      expect(beas.text_body).toMatch(/Time: 10:00 AM – 10:30 AM and 11:15 AM – 11:45 AM \(/);
      const [cleos] = to("cleo@salon.test");
      expect(cleos.text_body).toContain("Service: Nails — Gel Manicure");
      expect(cleos.text_body).toMatch(/Time: 10:30 AM – 11:15 AM \(/);
      expect(cleos.text_body).not.toContain("Trim");

      // Confirmed by the desk: each calendar gets the event at the person's own times.
      const before = mails.length;
      await confirmBooking(deskContext(db(), NOW), made.id);
      const invitations = (
        await db()
          .selectFrom("mail_outbox")
          .select(["to_address", "calendar_body", "compose_input"])
          .orderBy("id")
          .execute()
          .then(withSentBodies)
      ).slice(before);
      expect(invitations.map((m) => m.to_address).sort()).toEqual([
        "ada@example.com",
        "bea@salon.test",
        "cleo@salon.test",
      ]);
      const eventOf = (address: string) => invitations.find((m) => m.to_address === address)?.calendar_body ?? "";
      expect(eventOf("cleo@salon.test")).toMatch(/DTSTART[^:\n]*:20261201T163000Z/);
      expect(eventOf("cleo@salon.test")).toMatch(/DTEND[^:\n]*:20261201T171500Z/);
      expect(eventOf("ada@example.com").match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(eventOf("ada@example.com")).toMatch(/DTEND[^:\n]*:20261201T174500Z/);
    });

    it("is moved and cancelled as one: every part's time moves with it, and cancelling frees them all", async () => {
      await person("Bea", ["hair"]);
      await person("Cleo", ["nails"]);
      const made = await visit({ start: at("10:00") });
      const moved = await moveByClient(db(), content(), LINKS, made.manageToken, Date.parse(at("13:00")), NOW);
      expect(moved.ends_at).toBe("2026-12-01T20:15:00.000Z");
      const nails = (start: string, email: string) =>
        outcome(book({ service: "nails", option: "Gel Manicure", start: at(start), email }));
      expect(await nails("10:30", "bo@example.com")).toBe("done");
      expect(await nails("13:30", "cy@example.com")).toMatch(/^409 /);
      await cancelByClient(db(), content(), LINKS, made.manageToken, NOW);
      expect(await nails("13:30", "cy@example.com")).toBe("done");
    });

    it("refuses an unknown further service or option with what to fix", async () => {
      expect(await outcome(book({ more: [{ service: "lip-fillers" }] }))).toBe(
        "400 That service cannot be booked online.",
      );
      expect(await outcome(book({ more: [{ service: "nails", option: "Moon" }] }))).toBe(
        "400 Choose one of the service's options.",
      );
    });

    it("the booking page's days and the 'Add another service' choices follow the visit asked for in the address", async () => {
      await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["nails"]);
      const visit = await visitChoices(db(), content(), ["nails:Gel Manicure", "nails:Moon", "broken"]);
      expect(visit.chosen).toEqual([
        {
          service: "nails",
          option: "Gel Manicure",
          value: "nails:Gel Manicure",
          label: "Nails — Gel Manicure · 45 min · $45",
          title: "Nails — Gel Manicure",
          people: [{ id: cleo.id, name: "Cleo" }],
          staffId: null,
        },
      ]);
      expect(visit.offered.find((g) => g.service === "Nails")?.options).toEqual([
        { value: "nails:Gel Manicure", label: "Nails — Gel Manicure · 45 min · $45" },
      ]);
      const calendar = await bookingCalendar(db(), content(), {
        service: "hair",
        option: "Trim",
        date: TUESDAY,
        now: NOW,
        more: visit.chosen,
      });
      // A trim then a manicure ends by 6: the last start is 16:45.
      expect(calendar?.selected?.slots.at(-1)?.slice(11, 16)).toBe("16:45");
    });

    it("an added service's chosen person: the visit's times are those where that person is free for it; someone who does not do it is anyone", async () => {
      await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["nails"]);
      const dee = await person("Dee", ["nails"]);
      // Dee's last 45 minutes of the day are taken; Cleo's are free.
      expect(await outcome(book({ service: "nails", option: "Gel Manicure", start: at("17:15"), staff: dee.id }))).toBe(
        "done",
      );
      const lastStart = async (people: string[]) => {
        const visit = await visitChoices(db(), content(), ["nails:Gel Manicure"], people);
        const calendar = await bookingCalendar(db(), content(), {
          service: "hair",
          option: "Trim",
          date: TUESDAY,
          now: NOW,
          more: visit.chosen,
        });
        return { staffId: visit.chosen[0].staffId, last: calendar?.selected?.slots.at(-1)?.slice(11, 16) };
      };
      expect(await lastStart([])).toEqual({ staffId: null, last: "16:45" });
      expect(await lastStart([`${cleo.id}:nails:Gel Manicure`])).toEqual({ staffId: cleo.id, last: "16:45" });
      expect(await lastStart([`${dee.id}:nails:Gel Manicure`])).toEqual({ staffId: dee.id, last: "16:00" });
      // Bea does no nails: the manicure is anyone's.
      const bea = (await db().selectFrom("staff").select("id").where("name", "=", "Bea").executeTakeFirstOrThrow()).id;
      expect(await lastStart([`${bea}:nails:Gel Manicure`])).toEqual({ staffId: null, last: "16:45" });
    });
  });
});
