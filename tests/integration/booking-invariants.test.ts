/**
 * The booking invariant, as a property: whatever clients, the front desk and the owner do — book,
 * move, cancel, confirm, propose; add, change, deactivate and delete people; time off, blocks,
 * closures, a new buffer or step — no two bookings that hold their time ever overlap for one person
 * or one chair — times held for the waiting list's first in line included. A booking made before staff were set up (on its service's chair, assigned to nobody)
 * holds every active person who does its service until it is assigned. Suite tours are bookings of
 * the suite manager's time (or of anyone who gives tours besides their services) and are in it too.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { wallClockInstant, type WeeklyHours } from "~/lib/booking/availability";
import { bookingRequestSchema } from "~/lib/booking/booking-request";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { findBookableService } from "~/server/booking/engine/catalog.server";
import { dayAvailability } from "~/server/booking/engine/day-availability.server";
import { acceptProposal, moveByClient } from "~/server/booking/commands/client-actions.server";
import { BookingRefusedError, reserveBooking } from "~/server/booking/engine/reserve.server";
import { saveBookingSettings } from "~/server/booking/model.server";
import { handleBookingSettingsAction } from "~/routes/admin/booking-settings.server";
import {
  blockTime,
  cancelByStaff,
  confirmBooking,
  createByStaff,
  proposeTime,
  type StaffContext,
} from "~/server/booking/commands/desk-actions.server";
import {
  addTimeOff,
  assignUnassignedBookings,
  createStaff,
  deleteStaff,
  setStaffActive,
  StaffRefusedError,
  updateStaff,
} from "~/server/booking/people/staff.server";
import { calendarResources } from "~/server/booking/engine/calendar.server";
import { moveByStaff } from "~/server/booking/commands/desk-move.server";
import { ContentService } from "~/server/content/content.server";
import { openDatabase } from "~/server/db/database.server";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";
import { HOLDING_STATUSES } from "~/server/booking/model.server";
import { waitlistRequestSchema } from "~/lib/booking/waitlist";
import { declineOffer, joinWaitlist, offerFreedTimes, takeOffer } from "~/server/booking/waitlist/waitlist.server";
import { waitlistToken } from "~/server/booking/waitlist/waitlist-links.server";
import { SUITE_MANAGER, SUITE_TOUR } from "~/content/suite-tour";

// Monday 2026-11-30, 6:00 in Chicago; the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const TIME_ZONE = "America/Chicago";
const DAYS = ["2026-12-01", "2026-12-02"] as const;
const SERVICES = ["hair", "nails", "lashes"] as const;
const LINKS = { secret: "test-secret-of-the-site", publicUrl: "https://salon.example" };
const ACTOR = { userId: null, email: "owner@aurelia.test" };
const ADMIN = { userId: 0, email: ACTOR.email, role: "admin" as const };
const MINUTE = 60_000;

const at = (day: number, minutes: number) => wallClockInstant(DAYS[day], minutes, TIME_ZONE)!;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const day = fc.integer({ min: 0, max: DAYS.length - 1 });
/** A few times of the day, so that bookings meet often. */
const time = fc.constantFrom(540, 570, 600, 660, 780, 960);
const service = fc.constantFrom(...SERVICES);
/** What a person does: some of the services, and perhaps suite tours besides. */
const services = fc.subarray([...SERVICES, SUITE_TOUR.id], { minLength: 1 });
const pick = fc.nat({ max: 5 });
/** The salon's hours, or Tuesday 10 to 2 only, or Tuesday and Wednesday 9 to 1. */
const hours = fc.constantFrom<WeeklyHours | null>(
  null,
  [[], [], [{ opens: 600, closes: 840 }], [], [], [], []],
  [[], [], [{ opens: 540, closes: 780 }], [{ opens: 540, closes: 780 }], [], [], []],
);

const command = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant("client" as const),
      service,
      option: pick,
      day,
      slot: pick,
      staff: fc.option(pick),
    }),
  },
  // A visitor books a suite tour at /suites/tour: one of the free times of whoever gives tours.
  { weight: 4, arbitrary: fc.record({ t: fc.constant("tour" as const), day, slot: pick }) },
  // The suite manager: gives tours only, in their tour hours.
  { weight: 2, arbitrary: fc.record({ t: fc.constant("add-manager" as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant("staff-book" as const), service, day, time, staff: fc.option(pick) }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("move" as const), booking: pick, day, slot: pick }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("desk-move" as const),
      booking: pick,
      day,
      time,
      staff: fc.option(pick),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("cancel" as const), booking: pick }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("confirm" as const), booking: pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("propose" as const), booking: pick, day, time }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("accept" as const), booking: pick }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant("add-person" as const), services, hours }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("set-active" as const), person: pick, active: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("delete-person" as const), person: pick }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("update-person" as const), person: pick, services, hours }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("time-off" as const),
      person: pick,
      day,
      time,
      hours: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("block" as const),
      resource: pick,
      day,
      time,
      hours: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("close-day" as const), day }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("assign" as const), person: pick }) },
  // The waiting list: a wish for a day, a round that offers freed times (or lets held ones lapse), an answer.
  { weight: 2, arbitrary: fc.record({ t: fc.constant("wait" as const), service, day, staff: fc.option(pick) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("offer" as const), lapse: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("answer-offer" as const), offer: pick, take: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("settings" as const),
      buffer: fc.constantFrom(10, 15, 30),
      step: fc.constantFrom(15, 30, 60),
    }),
  },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const client = { firstName: "Ada", lastName: "Client", email: "ada@example.com", phone: "(713) 555-0100" };

describe(`booking invariants (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  const ctx = (): StaffContext => ({ db: db(), content: content(), links: LINKS, actor: ACTOR, now: NOW });

  /** Runs the model's state: the people added and the bookings made, by the order they came. */
  interface World {
    people: number[];
    bookings: { id: number; token: string }[];
    /** The smallest buffer in force so far: bookings made under it may sit that close. */
    buffer: number;
    /** Offers from the waiting list taken or declined. */
    answered: number;
  }

  const nth = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

  async function run(world: World, c: Command): Promise<void> {
    switch (c.t) {
      case "client": {
        const bookable = await findBookableService(content(), c.service);
        const option = nth(bookable!.options, c.option)!;
        const staffId = c.staff === null ? null : (nth(world.people, c.staff) ?? null);
        const free = await dayAvailability(db(), content(), {
          service: c.service,
          option: option.name,
          date: DAYS[c.day],
          staffId,
          now: NOW,
        });
        const slot = nth(free.slots, c.slot);
        if (!slot) return;
        const request = bookingRequestSchema.parse({
          ...client,
          service: c.service,
          option: option.name,
          start: slot.start,
          staff: staffId ?? "any",
          agreeToTerms: true,
        });
        const made = await reserveBooking(db(), content(), request, { links: LINKS, now: NOW });
        world.bookings.push({ id: made.id, token: made.manageToken });
        return;
      }
      case "tour": {
        const free = await dayAvailability(db(), content(), { service: SUITE_TOUR.id, date: DAYS[c.day], now: NOW });
        const slot = nth(free.slots, c.slot);
        if (!slot) return;
        const request = bookingRequestSchema.parse({
          ...client,
          service: SUITE_TOUR.id,
          start: slot.start,
          agreeToTerms: true,
        });
        const made = await reserveBooking(db(), content(), request, { links: LINKS, now: NOW });
        world.bookings.push({ id: made.id, token: made.manageToken });
        return;
      }
      case "add-manager": {
        const member = await createStaff(db(), ACTOR, {
          name: `Manager ${world.people.length + 1}`,
          photoUrl: "",
          email: "",
          services: SUITE_MANAGER.services,
          hours: SUITE_MANAGER.hours,
        });
        world.people.push(member.id);
        return;
      }
      case "staff-book": {
        const staffId = c.staff === null ? undefined : nth(world.people, c.staff);
        const made = await createByStaff(ctx(), {
          ...client,
          notes: "",
          service: c.service,
          date: DAYS[c.day],
          time: clock(c.time),
          staff: staffId ?? "any",
        });
        world.bookings.push({ id: made.id, token: made.manageToken });
        return;
      }
      case "move": {
        const booking = nth(world.bookings, c.booking);
        if (!booking) return;
        const row = await db()
          .selectFrom("bookings")
          .selectAll()
          .where("id", "=", booking.id)
          .executeTakeFirstOrThrow();
        // The times the client's page lists for it.
        const free = await dayAvailability(db(), content(), {
          service: row.service,
          date: DAYS[c.day],
          staffId: row.staff_id,
          durationMinutes: row.duration_minutes,
          excludeBookingId: row.id,
          now: NOW,
        });
        const slot = nth(free.slots, c.slot);
        if (slot) await moveByClient(db(), content(), LINKS, booking.token, Date.parse(slot.start), NOW);
        return;
      }
      case "desk-move": {
        // The front desk drags it (or uses Move): any time, to anyone or keeping its person.
        const booking = nth(world.bookings, c.booking);
        if (!booking) return;
        const staff = c.staff === null ? null : (nth(world.people, c.staff) ?? null);
        await moveByStaff(ctx(), { id: booking.id, date: DAYS[c.day], time: clock(c.time), staff });
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
      case "propose": {
        const booking = nth(world.bookings, c.booking);
        if (booking) await proposeTime(ctx(), booking.id, DAYS[c.day], clock(c.time));
        return;
      }
      case "accept": {
        const booking = nth(world.bookings, c.booking);
        if (booking) await acceptProposal(db(), content(), LINKS, booking.token, NOW);
        return;
      }
      case "add-person": {
        const member = await createStaff(db(), ACTOR, {
          name: `Person ${world.people.length + 1}`,
          photoUrl: "",
          email: "",
          services: c.services,
          hours: c.hours,
        });
        world.people.push(member.id);
        return;
      }
      case "set-active": {
        const id = nth(world.people, c.person);
        if (id !== undefined) await setStaffActive(db(), ACTOR, id, c.active, NOW);
        return;
      }
      case "delete-person": {
        const id = nth(world.people, c.person);
        if (id !== undefined) await deleteStaff(db(), ACTOR, id);
        return;
      }
      case "update-person": {
        const id = nth(world.people, c.person);
        if (id === undefined) return;
        await updateStaff(db(), ACTOR, id, {
          name: `Person ${id}`,
          photoUrl: "",
          email: "",
          services: c.services,
          hours: c.hours,
        });
        return;
      }
      case "time-off": {
        const id = nth(world.people, c.person);
        if (id === undefined) return;
        const start = at(c.day, c.time);
        await addTimeOff(db(), content(), ACTOR, id, { start, end: start + c.hours * 60 * MINUTE, label: "" }, NOW);
        return;
      }
      case "block": {
        const resource = nth(await calendarResources(db()), c.resource);
        if (!resource) return;
        const end = Math.min(c.time + c.hours * 60, 18 * 60);
        await blockTime(ctx(), {
          resource: resource.key,
          date: DAYS[c.day],
          allDay: false,
          start: clock(c.time),
          end: clock(end),
          label: "",
        });
        return;
      }
      case "assign": {
        const id = nth(world.people, c.person);
        if (id !== undefined) await assignUnassignedBookings(db(), content(), ACTOR, id, NOW);
        return;
      }
      case "close-day": {
        const form = new FormData();
        form.set("intent", "add-closure");
        form.set("from", DAYS[c.day]);
        form.set("to", DAYS[c.day]);
        form.set("label", "Closed");
        await handleBookingSettingsAction({ db: db(), content: content() }, ADMIN, form, NOW);
        return;
      }
      case "wait": {
        const bookable = await findBookableService(content(), c.service);
        const staffId = c.staff === null ? null : (nth(world.people, c.staff) ?? null);
        await joinWaitlist(
          db(),
          content(),
          LINKS,
          waitlistRequestSchema.parse({
            ...client,
            service: c.service,
            option: bookable!.options[0].name,
            staff: staffId ?? "any",
            fromDate: DAYS[c.day],
            toDate: DAYS[c.day],
            dayParts: ["morning", "afternoon", "evening"],
          }),
          NOW,
        );
        // As the job does at once when a change is announced: the new entry may fit a free time.
        await offerFreedTimes(db(), content(), LINKS, NOW);
        return;
      }
      case "offer": {
        await offerFreedTimes(db(), content(), LINKS, c.lapse ? NOW + 24 * 60 * MINUTE : NOW);
        return;
      }
      case "answer-offer": {
        const open = await db().selectFrom("waitlist_offers").selectAll().where("status", "=", "open").execute();
        const offer = nth(open, c.offer);
        if (!offer) return;
        const token = waitlistToken(LINKS.secret, "offer", offer.id, offer.offer_key);
        if (c.take) await takeOffer(db(), content(), LINKS, token, NOW);
        else await declineOffer(db(), LINKS, token, NOW);
        world.answered += 1;
        return;
      }
      case "settings": {
        await saveBookingSettings(
          db(),
          { ...BOOKING_SETTINGS_DEFAULTS, bufferMinutes: c.buffer, stepMinutes: c.step },
          null,
        );
        world.buffer = Math.min(world.buffer, c.buffer);
        return;
      }
    }
  }

  /**
   * Every pair of bookings that hold their time and overlap (the buffer after appointments
   * included) on one person, or on one chair, or an unassigned booking on its chair and a
   * booking of an active person who does its service.
   */
  async function doubleBookings(buffer: number): Promise<string[]> {
    const rows = await db()
      .selectFrom("bookings")
      .select(["id", "kind", "resource", "staff_id", "service", "starts_at", "ends_at", "status"])
      .where("status", "in", [...HOLDING_STATUSES])
      .execute();
    const staff = await db().selectFrom("staff").select(["id", "services", "is_active"]).execute();
    const offers = new Map(
      staff.filter((s) => Number(s.is_active) === 1).map((s) => [s.id, JSON.parse(s.services) as string[]]),
    );
    type Row = (typeof rows)[number];
    const keyOf = (r: Row) => (r.staff_id !== null ? `staff:${r.staff_id}` : r.resource);
    const unassigned = (r: Row) => r.staff_id === null && r.kind === "appointment" && r.resource.startsWith("service:");
    const holds = (chair: Row, other: Row) =>
      unassigned(chair) && other.staff_id !== null && (offers.get(other.staff_id)?.includes(chair.service) ?? false);
    const related = (a: Row, b: Row) => keyOf(a) === keyOf(b) || holds(a, b) || holds(b, a);
    const end = (r: Row) => Date.parse(r.ends_at) + (r.kind === "appointment" ? buffer * MINUTE : 0);
    const found: string[] = [];
    for (const [i, a] of rows.entries())
      for (const b of rows.slice(i + 1)) {
        if (!related(a, b)) continue;
        if (Date.parse(a.starts_at) < end(b) && Date.parse(b.starts_at) < end(a))
          found.push(
            `#${a.id} ${a.kind} ${keyOf(a)} ${a.service} ${a.starts_at}–${a.ends_at} and #${b.id} ${b.kind} ${keyOf(b)} ${b.service} ${b.starts_at}–${b.ends_at}`,
          );
      }
    return found;
  }

  beforeEach(async () => {
    await clearTables(db(), ["mail_outbox", "audit_log", "bookings", "staff", "booking_closures"]);
  });

  it("no two bookings that hold their time ever overlap on one person or one chair, whatever anyone changes", async () => {
    // What went through, by command: the runs must have booked, changed staff and assigned, or they proved little.
    const done = new Map<Command["t"], number>();
    let offers = 0;
    let tours = 0;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        await clearTables(db(), [
          "waitlist_offers",
          "waitlist_entries",
          "mail_outbox",
          "audit_log",
          "bookings",
          "staff",
          "booking_closures",
        ]);
        await db().deleteFrom("booking_resources").where("key", "like", "staff:%").execute();
        await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, bufferMinutes: 10 }, null);
        const world: World = { people: [], bookings: [], buffer: 10, answered: 0 };
        for (const [step, c] of commands.entries()) {
          try {
            await run(world, c);
            done.set(c.t, (done.get(c.t) ?? 0) + 1);
          } catch (error) {
            if (!(error instanceof BookingRefusedError || error instanceof StaffRefusedError)) throw error;
          }
          const overlaps = await doubleBookings(world.buffer);
          expect(overlaps, `after step ${step + 1}: ${JSON.stringify(c)}`).toEqual([]);
        }
        offers += (await db().selectFrom("waitlist_offers").select("id").execute()).length;
        answered += world.answered;
        tours += (await db().selectFrom("bookings").select("id").where("service", "=", SUITE_TOUR.id).execute()).length;
      }),
      {
        numRuns: 30,
        // Random runs book a tour only when a manager was added before one and the client's cap
        // has room; one in three sets of thirty never did. The first run always does, twice at one
        // time. The second always offers a freed time from the waiting list, takes it, changes the
        // person and books them online: about one set of thirty in a thousand generated no answer.
        examples: [
          [[{ t: "add-manager" }, { t: "tour", day: 0, slot: 0 }, { t: "tour", day: 0, slot: 0 }]],
          [
            [
              { t: "add-person", services: ["hair"], hours: null },
              { t: "staff-book", service: "hair", day: 0, time: 540, staff: 0 },
              { t: "wait", service: "hair", day: 0, staff: 0 },
              { t: "cancel", booking: 0 },
              { t: "offer", lapse: false },
              { t: "answer-offer", offer: 0, take: true },
              { t: "update-person", person: 0, services: ["hair", "nails"], hours: null },
              { t: "client", service: "nails", option: 0, day: 1, slot: 0, staff: 0 },
            ],
          ],
        ],
      },
    );
    for (const t of ["client", "staff-book", "add-person", "update-person", "wait"] as const)
      expect(done.get(t) ?? 0, t).toBeGreaterThan(0);
    expect(offers, "times offered from the waiting list").toBeGreaterThan(0);
    expect(answered, "offers taken or declined").toBeGreaterThan(0);
    expect(tours, "suite tours booked").toBeGreaterThan(0);
  }, 120_000);

  it("a booking made before anyone was set up keeps its time when the first person is added", async () => {
    await saveBookingSettings(db(), BOOKING_SETTINGS_DEFAULTS, null);
    const request = (email: string) =>
      bookingRequestSchema.parse({
        ...client,
        email,
        service: "hair",
        start: "2026-12-01T10:00:00-06:00",
        agreeToTerms: true,
      });
    const before = await reserveBooking(db(), content(), request("first@example.com"), { links: LINKS, now: NOW });
    await confirmBooking(ctx(), before.id);
    await createStaff(db(), ACTOR, {
      name: "Anna",
      photoUrl: "",
      email: "",
      services: ["hair"],
      hours: [[], [], [{ opens: 540, closes: 1080 }], [], [], [], []],
    });
    const times = await dayAvailability(db(), content(), { service: "hair", date: DAYS[0], now: NOW });
    expect(times.slots.map((s) => s.start.slice(11, 16))).not.toContain("10:00");
    await expect(
      reserveBooking(db(), content(), request("second@example.com"), { links: LINKS, now: NOW }),
    ).rejects.toBeInstanceOf(BookingRefusedError);
    expect(await doubleBookings(0)).toEqual([]);
  });

  it("a person's booking and an unassigned booking's new time, claimed at once from two instances: exactly one gets it", async () => {
    const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
    try {
      await saveBookingSettings(db(), BOOKING_SETTINGS_DEFAULTS, null);
      const request = (email: string, date: string, local: string) =>
        bookingRequestSchema.parse({
          ...client,
          email,
          service: "hair",
          start: `${date}T${local}:00-06:00`,
          agreeToTerms: true,
        });
      // Made before staff, on Wednesday; then Anna, who does hair, is added.
      const waiting = [];
      for (const local of ["09:00", "11:00", "13:00"])
        waiting.push(
          await reserveBooking(
            db(),
            content(),
            request(`chair-${local.replace(":", "")}@example.com`, DAYS[1], local),
            {
              links: LINKS,
              now: NOW,
            },
          ),
        );
      await createStaff(db(), ACTOR, { name: "Anna", photoUrl: "", email: "", services: ["hair"], hours: null });
      // A client books Anna on Tuesday while the front desk, on another instance, proposes that same
      // Tuesday time for a booking that is still unassigned (it would hold Anna there).
      for (const [i, local] of ["10:00", "12:00", "14:00"].entries()) {
        const results = await Promise.allSettled([
          reserveBooking(db(), content(), request(`anna-${local.replace(":", "")}@example.com`, DAYS[0], local), {
            links: LINKS,
            now: NOW,
          }),
          proposeTime({ ...ctx(), db: second.db }, waiting[i].id, DAYS[0], local),
        ]);
        expect(
          results.filter((r) => r.status === "fulfilled"),
          local,
        ).toHaveLength(1);
        for (const r of results) if (r.status === "rejected") expect(r.reason, local).toMatchObject({ status: 409 });
      }
      expect(await doubleBookings(0)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
