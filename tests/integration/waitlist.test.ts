/**
 * The waiting list on the database: a freed time is offered to the first in line whose wishes
 * fit, held for them by a booking nobody else can take, taken (a normal booking, the entry off the
 * list), declined or lapsed (the next in line is asked); each entry is offered a time once; links
 * that are tampered with, used or lapsed do nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { waitlistRequestSchema } from "~/lib/booking/waitlist";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { cancelByStaff } from "~/server/booking/commands/desk-actions.server";
import { findBookableService } from "~/server/booking/engine/catalog.server";
import { dayAvailability } from "~/server/booking/engine/day-availability.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { saveBookingSettings } from "~/server/booking/model.server";
import { createStaff } from "~/server/booking/people/staff.server";
import {
  declineOffer,
  joinWaitlist,
  leaveWaitlist,
  offerFreedTimes,
  offerView,
  removeEntry,
  takeOffer,
  WAITLIST_MESSAGES,
} from "~/server/booking/waitlist/waitlist.server";
import { ContentService } from "~/server/content/content.server";
import { BOOKING_REFUSALS } from "~/server/booking/model.server";
import { bookingRequest, deskContext, DESK, LINKS, outcome } from "../support/booking-request";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

// Monday 2026-11-30, 6:00 in Chicago; Anna works Tuesday 2026-12-01 from 9:00 for one appointment's length.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const TUESDAY = "2026-12-01";
const NINE = "2026-12-01T15:00:00.000Z";
const MINUTE = 60_000;
const TOKEN = (kind: "offer" | "leave") => new RegExp(`/waitlist/${kind}/([A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{32})`);

describe(`the waiting list (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  let option: { name: string; durationMinutes: number };

  const join = async (firstName: string, overrides: Record<string, unknown> = {}) => {
    const joined = await joinWaitlist(
      db(),
      content(),
      LINKS,
      waitlistRequestSchema.parse({
        service: "hair",
        option: option.name,
        firstName,
        lastName: "Client",
        email: `${firstName.toLowerCase()}@example.com`,
        phone: "(713) 555-0100",
        fromDate: TUESDAY,
        toDate: TUESDAY,
        dayParts: ["morning"],
        ...overrides,
      }),
      NOW,
    );
    if (!joined.ok) throw new Error(joined.message);
    return joined.entry;
  };
  const entryStatus = async (id: number) =>
    (await db().selectFrom("waitlist_entries").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  /** The link in the last e-mail to this address of the kind ("A time has opened" carries the offer's). */
  const linkIn = async (email: string, kind: "offer" | "leave") => {
    const mails = await db()
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", email)
      .orderBy("id", "desc")
      .execute();
    const mail = mails.find((m) => TOKEN(kind).test(m.text_body ?? ""));
    return TOKEN(kind).exec(mail?.text_body ?? "")?.[1] ?? "";
  };
  const offered = () => db().selectFrom("bookings").selectAll().where("status", "=", "offered").orderBy("id").execute();
  const freeAtNine = async () =>
    (await dayAvailability(db(), content(), { service: "hair", option: option.name, date: TUESDAY, now: NOW })).slots
      .map((s) => new Date(s.start).toISOString())
      .includes(NINE);

  /** Anna's one free time on Tuesday, taken by someone; returns that booking's id. */
  async function fullDay(): Promise<number> {
    const taken = await reserveBooking(
      db(),
      content(),
      bookingRequest({ option: option.name, start: NINE, email: "first@example.com" }),
      { links: LINKS, now: NOW },
    );
    expect(await freeAtNine()).toBe(false);
    return taken.id;
  }

  beforeEach(async () => {
    await clearTables(db(), ["waitlist_offers", "waitlist_entries", "mail_outbox", "audit_log", "bookings", "staff"]);
    await db().deleteFrom("booking_resources").where("key", "like", "staff:%").execute();
    await saveBookingSettings(db(), BOOKING_SETTINGS_DEFAULTS, null);
    const service = await findBookableService(content(), "hair");
    option = service!.options[0];
    await createStaff(db(), DESK, {
      name: "Anna",
      photoUrl: "",
      email: "",
      services: ["hair"],
      hours: [[], [], [{ opens: 540, closes: 540 + option.durationMinutes }], [], [], [], []],
    });
  });

  it("offers a freed time to the first in line, holds it from everyone else, and taken it becomes their booking", async () => {
    const taken = await fullDay();
    const ada = await join("Ada");
    const bea = await join("Bea");
    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(0);

    await cancelByStaff(deskContext(db(), NOW), taken);
    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(1);
    const [held] = await offered();
    expect(held).toMatchObject({ starts_at: NINE, email: "ada@example.com", first_name: "Ada" });
    expect([await entryStatus(ada.id), await entryStatus(bea.id)]).toEqual(["offered", "waiting"]);

    // Held: the page lists no time at 9, a client's booking of it is refused, and Bea is not offered it.
    expect(await freeAtNine()).toBe(false);
    expect(
      await outcome(
        reserveBooking(db(), content(), bookingRequest({ option: option.name, start: NINE, email: "c@example.com" }), {
          links: LINKS,
          now: NOW,
        }),
      ),
    ).toBe(`409 ${BOOKING_REFUSALS.taken}`);
    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(0);

    const token = await linkIn("ada@example.com", "offer");
    const view = await offerView(db(), content(), LINKS.secret, token, NOW);
    expect(view).toMatchObject({ state: "open", startsAt: NINE, staff: "Anna" });
    expect(view!.heldUntil).toBe(new Date(NOW + 30 * MINUTE).toISOString());

    const booking = await takeOffer(db(), content(), LINKS, token, NOW);
    expect(booking).toMatchObject({ id: held.id, status: "requested", starts_at: NINE });
    expect(await entryStatus(ada.id)).toBe("booked");
    const subjects = (
      await db().selectFrom("mail_outbox").select("subject").where("to_address", "=", "ada@example.com").execute()
    ).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith("We received your booking request"))).toBe(true);
    // Used: taking it again is refused, and its page says it is theirs with the manage link.
    expect(await outcome(takeOffer(db(), content(), LINKS, token, NOW))).toBe(`409 ${WAITLIST_MESSAGES.offerTaken}`);
    expect(await offerView(db(), content(), LINKS.secret, token, NOW)).toMatchObject({ state: "taken" });
    expect((await offerView(db(), content(), LINKS.secret, token, NOW))!.manageToken).toMatch(/\./);
    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(0);
    expect(await entryStatus(bea.id)).toBe("waiting");
  });

  it("declined, the time goes to the next in line; lapsed, to the one after; nobody is offered one time twice", async () => {
    const taken = await fullDay();
    const ada = await join("Ada");
    const bea = await join("Bea");
    const cy = await join("Cy");
    await cancelByStaff(deskContext(db(), NOW), taken);
    await offerFreedTimes(db(), content(), LINKS, NOW);
    const adaToken = await linkIn("ada@example.com", "offer");

    await declineOffer(db(), LINKS, adaToken, NOW);
    expect(await entryStatus(ada.id)).toBe("waiting");
    expect(await offered()).toEqual([]);
    expect(await outcome(takeOffer(db(), content(), LINKS, adaToken, NOW))).toBe(`409 ${WAITLIST_MESSAGES.offerGone}`);

    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(1);
    expect((await offered()).map((b) => b.first_name)).toEqual(["Bea"]);
    const beaToken = await linkIn("bea@example.com", "offer");

    // 30 minutes later Bea's hold has lapsed: her link is refused, and Cy is asked (not Ada again).
    const later = NOW + 30 * MINUTE;
    expect(await outcome(takeOffer(db(), content(), LINKS, beaToken, later))).toBe(
      `409 ${WAITLIST_MESSAGES.offerLapsed}`,
    );
    expect(await offerFreedTimes(db(), content(), LINKS, later)).toBe(1);
    expect((await offered()).map((b) => b.first_name)).toEqual(["Cy"]);
    expect([await entryStatus(ada.id), await entryStatus(bea.id), await entryStatus(cy.id)]).toEqual([
      "waiting",
      "waiting",
      "offered",
    ]);
    expect(await offerView(db(), content(), LINKS.secret, beaToken, later)).toMatchObject({ state: "lapsed" });
    const statuses = await db().selectFrom("bookings").select(["first_name", "status"]).orderBy("id").execute();
    expect(statuses.map((b) => `${b.first_name} ${b.status}`)).toEqual([
      "Ada cancelled",
      "Ada cancelled",
      "Bea expired",
      "Cy offered",
    ]);
  });

  it("a tampered link, another kind of link and a made-up one open nothing and change nothing", async () => {
    const taken = await fullDay();
    await join("Ada");
    await cancelByStaff(deskContext(db(), NOW), taken);
    await offerFreedTimes(db(), content(), LINKS, NOW);
    const token = await linkIn("ada@example.com", "offer");
    const leave = await linkIn("ada@example.com", "leave");
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [tampered, leave, `${"A".repeat(22)}.${"B".repeat(32)}`, "nonsense"]) {
      expect(await offerView(db(), content(), LINKS.secret, wrong, NOW)).toBeUndefined();
      expect(await outcome(takeOffer(db(), content(), LINKS, wrong, NOW))).toBe(
        `404 ${WAITLIST_MESSAGES.offerNotFound}`,
      );
      expect(await outcome(declineOffer(db(), LINKS, wrong, NOW))).toBe(`404 ${WAITLIST_MESSAGES.offerNotFound}`);
    }
    expect(await leaveWaitlist(db(), LINKS, token)).toBeNull();
    expect((await offered()).map((b) => b.first_name)).toEqual(["Ada"]);
  });

  it("leaving the list from the e-mail's link frees a time held for them; the salon's removal does the same", async () => {
    const taken = await fullDay();
    const ada = await join("Ada");
    const bea = await join("Bea");
    const leave = await linkIn("ada@example.com", "leave");
    expect(leave).not.toBe("");
    await cancelByStaff(deskContext(db(), NOW), taken);
    await offerFreedTimes(db(), content(), LINKS, NOW);

    expect(await leaveWaitlist(db(), LINKS, leave)).toBe("left");
    expect(await entryStatus(ada.id)).toBe("left");
    expect(await offered()).toEqual([]);
    expect(await leaveWaitlist(db(), LINKS, leave)).toBe("alreadyOff");

    await offerFreedTimes(db(), content(), LINKS, NOW);
    expect((await offered()).map((b) => b.first_name)).toEqual(["Bea"]);
    expect(await removeEntry(db(), LINKS, DESK, bea.id)).toBe(true);
    expect(await entryStatus(bea.id)).toBe("left");
    expect(await offered()).toEqual([]);
    expect(await freeAtNine()).toBe(true);
    expect(await removeEntry(db(), LINKS, DESK, bea.id)).toBe(false);
  });

  it("an entry leaves the list after its last day; wishes that do not fit the freed time are not offered it", async () => {
    const taken = await fullDay();
    const evening = await join("Eve", { dayParts: ["afternoon", "evening"] });
    const otherDay = await join("Otto", { fromDate: "2026-12-02", toDate: "2026-12-03" });
    await cancelByStaff(deskContext(db(), NOW), taken);
    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(0);
    expect(await offered()).toEqual([]);
    // Wednesday: Eve's last day has passed, Otto's has not.
    await offerFreedTimes(db(), content(), LINKS, Date.parse("2026-12-02T12:00:00Z"));
    expect([await entryStatus(evening.id), await entryStatus(otherDay.id)]).toEqual(["ended", "waiting"]);
  });

  it("joining stores the wish with its confirmation e-mail; days outside the booking window or an unknown service are refused", async () => {
    const ada = await join("Ada", { dayParts: ["evening", "morning"] });
    expect(ada).toMatchObject({ status: "waiting", day_parts: "morning,evening", staff_id: null });
    const mail = await db()
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", "ada@example.com")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^You are on our waiting list/);
    expect(mail.text_body).toMatch(TOKEN("leave"));
    const refused = async (overrides: Record<string, unknown>) => {
      const result = await joinWaitlist(
        db(),
        content(),
        LINKS,
        waitlistRequestSchema.parse({
          service: "hair",
          firstName: "Bo",
          lastName: "Client",
          email: "bo@example.com",
          phone: "(713) 555-0100",
          fromDate: TUESDAY,
          toDate: TUESDAY,
          dayParts: "morning",
          ...overrides,
        }),
        NOW,
      );
      return result.ok ? "stored" : result.message;
    };
    expect(await refused({ toDate: "2027-06-01" })).toMatch(/^We take bookings up to 2027-01-29/);
    expect(await refused({ fromDate: "2026-11-01", toDate: "2026-11-02" })).toBe("The last day cannot be in the past");
    expect(await refused({ service: "nope" })).toBe(BOOKING_REFUSALS.unknownService);
    expect(await refused({ option: "nope" })).toBe(BOOKING_REFUSALS.unknownOption);
    expect(await db().selectFrom("waitlist_entries").select("id").execute()).toHaveLength(1);
  });
});
