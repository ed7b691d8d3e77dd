/**
 * The booking invariant with processing time and visits of several services, as a property:
 * whatever clients and the front desk book, move, confirm and cancel, no person ever works on two
 * bookings at once. A person may take another client only inside a colour's processing; a chair
 * keeps its client through it.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { bookingRequestSchema } from "~/lib/booking/booking-request";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { findBookableService } from "~/server/booking/engine/catalog.server";
import { dayAvailability } from "~/server/booking/engine/day-availability.server";
import { clientBookingView, moveByClient } from "~/server/booking/commands/client-actions.server";
import { BookingRefusedError, reserveBooking } from "~/server/booking/engine/reserve.server";
import { HOLDING_STATUSES, saveBookingSettings } from "~/server/booking/model.server";
import { cancelByStaff, confirmBooking, createByStaff } from "~/server/booking/commands/desk-actions.server";
import { createStaff } from "~/server/booking/people/staff.server";
import { ContentService } from "~/server/content/content.server";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

// Monday 2026-11-30, 6:00 in Chicago; the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const DAY = "2026-12-01";
const LINKS = { secret: "test-secret-of-the-site", publicUrl: "https://salon.example" };
const ACTOR = { userId: null, email: "owner@aurelia.test" };
const MINUTE = 60_000;
const SERVICES = ["hair", "nails"] as const;
const MENU = {
  hair: [
    { name: "Colour", durationMinutes: 105, price: "$120", processing: { afterMinutes: 45, minutes: 30 } },
    { name: "Toner", durationMinutes: 50, price: "$50", processing: { afterMinutes: 15, minutes: 20 } },
    { name: "Trim", durationMinutes: 30, price: "$30" },
  ],
  nails: [
    { name: "Manicure", durationMinutes: 45, price: "$45" },
    { name: "Polish Change", durationMinutes: 15, price: "$20" },
  ],
};
const client = { firstName: "Ada", lastName: "Client", phone: "(713) 555-0100", agreeToTerms: true };

const pick = fc.nat({ max: 7 });
const part = fc.record({ service: fc.constantFrom(...SERVICES), option: pick, staff: fc.option(pick) });
const command = fc.oneof(
  { weight: 2, arbitrary: fc.record({ t: fc.constant("add-person" as const), services: fc.subarray([...SERVICES], { minLength: 1 }) }) },
  { weight: 8, arbitrary: fc.record({ t: fc.constant("visit" as const), parts: fc.array(part, { minLength: 1, maxLength: 3 }), slot: fc.nat({ max: 40 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("desk" as const), service: fc.constantFrom(...SERVICES), time: fc.constantFrom(540, 585, 600, 630, 660), staff: fc.option(pick) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("move" as const), booking: pick, slot: fc.nat({ max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("cancel" as const), booking: pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("confirm" as const), booking: pick }) },
); // prettier-ignore
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

describe(`the invariant with processing time and visits (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  const ctx = () => ({ db: db(), content: content(), links: LINKS, actor: ACTOR, now: NOW });
  const nth = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

  interface World {
    people: number[];
    bookings: { id: number; token: string }[];
    made: number;
  }

  async function run(world: World, c: Command): Promise<void> {
    switch (c.t) {
      case "add-person": {
        const person = await createStaff(db(), ACTOR, {
          name: `Person ${world.people.length + 1}`,
          photoUrl: "",
          email: "",
          services: c.services,
          hours: null,
        });
        world.people.push(person.id);
        return;
      }
      case "visit": {
        const parts = await Promise.all(
          c.parts.map(async (p) => {
            const service = await findBookableService(content(), p.service);
            return {
              service: p.service,
              option: nth(service!.options, p.option)!.name,
              staff: p.staff === null ? "any" : (nth(world.people, p.staff) ?? "any"),
            };
          }),
        );
        const [first, ...more] = parts;
        const free = await dayAvailability(db(), content(), {
          service: first.service,
          option: first.option,
          staffId: typeof first.staff === "number" ? first.staff : null,
          more: more.map((m) => ({ ...m, staffId: typeof m.staff === "number" ? m.staff : null })),
          date: DAY,
          now: NOW,
        });
        const slot = nth(free.slots, c.slot);
        if (!slot) return;
        world.made++;
        const request = bookingRequestSchema.parse({
          ...client,
          email: `client${world.made}@example.com`,
          ...first,
          more,
          start: slot.start,
        });
        const made = await reserveBooking(db(), content(), request, { links: LINKS, now: NOW });
        world.bookings.push({ id: made.id, token: made.manageToken });
        return;
      }
      case "desk": {
        const staff = c.staff === null ? "any" : (nth(world.people, c.staff) ?? "any");
        const time = `${String(Math.floor(c.time / 60)).padStart(2, "0")}:${String(c.time % 60).padStart(2, "0")}`;
        world.made++;
        const made = await createByStaff(ctx(), {
          ...client,
          email: `client${world.made}@example.com`,
          notes: "",
          service: c.service,
          date: DAY,
          time,
          staff,
        });
        world.bookings.push({ id: made.id, token: made.manageToken });
        return;
      }
      case "move": {
        const booking = nth(world.bookings, c.booking);
        if (!booking) return;
        // The times the client's page lists for it.
        const view = await clientBookingView(db(), content(), LINKS.secret, booking.token, DAY, NOW);
        const slot = nth(view?.day?.slots ?? [], c.slot);
        if (slot) await moveByClient(db(), content(), LINKS, booking.token, Date.parse(slot), NOW);
        return;
      }
      case "cancel": {
        const booking = nth(world.bookings, c.booking);
        if (booking) await cancelByStaff(ctx(), booking.id);
        return;
      }
      case "confirm": {
        const booking = nth(world.bookings, c.booking);
        if (booking) await confirmBooking(ctx(), booking.id);
        return;
      }
    }
  }

  /** Every two bookings of which one works a person (or fills a chair) while the other does, the buffer after each stretch. */
  async function doubleBookings(buffer: number): Promise<string[]> {
    const rows = await db()
      .selectFrom("bookings")
      .select(["id", "resource", "staff_id", "starts_at", "duration_minutes", "parts"])
      .where("status", "in", [...HOLDING_STATUSES])
      .execute();
    const held: { id: number; key: string; from: number; to: number }[] = [];
    for (const row of rows) {
      const start = Date.parse(row.starts_at);
      const parts: { resource: string; offsetMinutes: number; durationMinutes: number; processing?: { afterMinutes: number; minutes: number } }[] =
        row.parts ? JSON.parse(row.parts) : [{ resource: row.resource, offsetMinutes: 0, durationMinutes: row.duration_minutes }]; // prettier-ignore
      parts[0].resource = row.resource;
      for (const p of parts) {
        const from = start + p.offsetMinutes * MINUTE;
        const stretches =
          p.processing && p.resource.startsWith("staff:")
            ? [
                [0, p.processing.afterMinutes],
                [p.processing.afterMinutes + p.processing.minutes, p.durationMinutes],
              ]
            : [[0, p.durationMinutes]];
        for (const [a, b] of stretches)
          held.push({ id: row.id, key: p.resource, from: from + a * MINUTE, to: from + b * MINUTE });
      }
    }
    const found: string[] = [];
    for (const [i, x] of held.entries())
      for (const y of held.slice(i + 1))
        if (x.id !== y.id && x.key === y.key && x.from < y.to + buffer * MINUTE && y.from < x.to + buffer * MINUTE)
          found.push(`#${x.id} and #${y.id} on ${x.key}`);
    return found;
  }

  beforeEach(async () => {
    await clearTables(db(), ["mail_outbox", "audit_log", "bookings", "staff"]);
    await content().saveSettings({ timeZone: "America/Chicago" }, null);
    await content().save("service-hair", { service_options: JSON.stringify(MENU.hair) });
    await content().save("service-nails", { service_options: JSON.stringify(MENU.nails) });
  });

  it("no person works on two bookings at once, only inside another's processing, whatever is booked, moved and cancelled", async () => {
    let visits = 0;
    let inGaps = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(0, 10),
        async (commands, buffer) => {
          await clearTables(db(), ["mail_outbox", "audit_log", "bookings", "staff"]);
          await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, bufferMinutes: buffer, stepMinutes: 15, maxUpcomingPerClient: 50 }, null); // prettier-ignore
          const world: World = { people: [], bookings: [], made: 0 };
          for (const [step, c] of commands.entries()) {
            try {
              await run(world, c);
            } catch (error) {
              if (!(error instanceof BookingRefusedError)) throw error;
            }
            expect(await doubleBookings(buffer), `after step ${step + 1}: ${JSON.stringify(c)}`).toEqual([]);
          }
          const rows = await db().selectFrom("bookings").select(["parts", "starts_at", "ends_at"]).execute();
          visits += rows.filter((r) => r.parts.split("offsetMinutes").length > 2).length;
          // Bookings that overlap on the clock yet are both held: someone took a client during processing.
          const spans = rows.map((r) => [Date.parse(r.starts_at), Date.parse(r.ends_at)]);
          inGaps += spans.filter(([a, b], i) => spans.some(([c2, d], j) => i !== j && a < d && c2 < b)).length;
        },
      ),
      {
        numRuns: 25,
        // Always at least one run takes a client inside a colour's processing and books a two-part visit.
        examples: [
          [
            [
              { t: "add-person", services: ["hair", "nails"] },
              { t: "desk", service: "hair", time: 540, staff: 0 },
              { t: "visit", parts: [{ service: "hair", option: 2, staff: 0 }], slot: 0 },
              { t: "visit", parts: [{ service: "nails", option: 0, staff: null }, { service: "hair", option: 2, staff: null }], slot: 5 }, // prettier-ignore
            ],
            0,
          ],
        ],
      },
    );
    // The runs must have booked visits and used processing gaps, or they proved little.
    expect(visits).toBeGreaterThan(0);
    expect(inGaps).toBeGreaterThan(0);
  }, 180_000);
});
