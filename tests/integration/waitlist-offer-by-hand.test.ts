/**
 * The salon offers a waiting client a time by hand: the same hold, e-mail and answer page as the
 * job's offer, for a time the job would not offer (inside the lead time), refused when the time
 * does not fit the wishes, is not free, was offered before, or a time is already held for them.
 */
import { emailKey } from "~/lib/forms/contact-keys";
import { beforeEach, describe, expect, it } from "vitest";
import { WAITLIST_DESK_MESSAGES, waitlistRequestSchema } from "~/lib/booking/waitlist";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { findBookableService } from "~/server/booking/engine/catalog.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { saveBookingSettings } from "~/server/booking/model.server";
import { createStaff } from "~/server/booking/people/staff.server";
import {
  declineOffer,
  joinWaitlist,
  offerFreedTimes,
  offerTimeByHand,
  offerView,
  takeOffer,
} from "~/server/booking/waitlist/waitlist.server";
import { ContentService } from "~/server/content/content.server";
import { bookingRequest, DESK, LINKS, outcome } from "../support/booking-request";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

// Monday 2026-11-30, 6:00 in Chicago. Anna works Tuesday 2026-12-01 from 9:00 to 11:00; clients
// must book two days ahead, so the job offers nothing on Tuesday.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const TUESDAY = "2026-12-01";
const NINE = Date.parse("2026-12-01T15:00:00.000Z");
const TEN = Date.parse("2026-12-01T16:00:00.000Z");
const TWO_PM = Date.parse("2026-12-01T20:00:00.000Z");
const OFFER_LINK = /\/waitlist\/offer\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32})/;

describe(`a time offered from the waiting list by hand (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  let option: { name: string; durationMinutes: number };

  const join = async (firstName: string) => {
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
      }),
      NOW,
    );
    if (!joined.ok) throw new Error(joined.message);
    return joined.entry;
  };
  const offerByHand = (entryId: number, start: number) =>
    offerTimeByHand(db(), content(), LINKS, DESK, entryId, start, NOW);
  const entryStatus = async (id: number) =>
    (await db().selectFrom("waitlist_entries").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const offerLink = async (email: string) => {
    const mail = await db()
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return { subject: mail.subject, token: OFFER_LINK.exec(mail.text_body ?? "")?.[1] ?? "" };
  };

  beforeEach(async () => {
    await clearTables(db(), ["waitlist_offers", "waitlist_entries", "mail_outbox", "audit_log", "bookings", "staff"]);
    await db().deleteFrom("booking_resources").where("key", "like", "staff:%").execute();
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, leadMinutes: 48 * 60 }, null);
    const service = await findBookableService(content(), "hair");
    option = service!.options.find((o) => o.durationMinutes === 60)!;
    await createStaff(db(), DESK, {
      name: "Anna",
      photoUrl: "",
      email: "",
      services: ["hair"],
      hours: [[], [], [{ opens: 540, closes: 660 }], [], [], [], []],
    });
  });

  it("holds the time for them with the job's e-mail and link; taken, it is their booking", async () => {
    const ada = await join("Ada");
    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(0);

    await offerByHand(ada.id, TEN);
    expect(await entryStatus(ada.id)).toBe("offered");
    const [held] = await db().selectFrom("bookings").selectAll().where("status", "=", "offered").execute();
    expect(held).toMatchObject({
      starts_at: new Date(TEN).toISOString(),
      first_name: "Ada",
      email: "ada@example.com",
      // Keyed like every booking, so the client's cap and history count the held time.
      email_key: emailKey("ada@example.com"),
    });
    const { subject, token } = await offerLink("ada@example.com");
    expect(subject).toMatch(/time/i);
    expect(await offerView(db(), content(), LINKS.secret, token, NOW)).toMatchObject({ state: "open", staff: "Anna" });
    const audit = await db().selectFrom("audit_log").select(["action", "user_email"]).execute();
    expect(audit).toContainEqual({
      action: "offered a time from the waiting list by hand",
      user_email: DESK.email,
    });

    // Held from everyone else, the front desk included; the job leaves it alone.
    expect(
      await outcome(
        reserveBooking(
          db(),
          content(),
          bookingRequest({ option: option.name, start: new Date(TEN).toISOString(), email: "bo@example.com" }),
          { links: LINKS, now: NOW, source: "staff" },
        ),
      ),
    ).toMatch(/^409 /);
    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(0);

    const booking = await takeOffer(db(), content(), LINKS, token, NOW);
    expect(booking).toMatchObject({ id: held.id, status: "requested" });
    expect(await entryStatus(ada.id)).toBe("booked");
  });

  it("refuses a time outside their wishes, one that is not free, one offered before, and a second hold", async () => {
    const ada = await join("Ada");
    await reserveBooking(
      db(),
      content(),
      bookingRequest({ option: option.name, start: new Date(NINE).toISOString(), email: "bo@example.com" }),
      { links: LINKS, now: NOW, source: "staff" },
    );
    expect(await outcome(offerByHand(ada.id, TWO_PM))).toBe(`400 ${WAITLIST_DESK_MESSAGES.notWished}`);
    expect(await outcome(offerByHand(ada.id, NINE))).toBe(`409 ${WAITLIST_DESK_MESSAGES.taken}`);
    expect(await outcome(offerByHand(ada.id, NOW - 60_000))).toBe(`400 ${WAITLIST_DESK_MESSAGES.past}`);
    expect(await entryStatus(ada.id)).toBe("waiting");
    expect(await db().selectFrom("waitlist_offers").selectAll().execute()).toHaveLength(0);

    await offerByHand(ada.id, TEN);
    expect(await outcome(offerByHand(ada.id, TEN))).toBe(`409 ${WAITLIST_DESK_MESSAGES.alreadyHeld}`);
    await declineOffer(db(), LINKS, (await offerLink("ada@example.com")).token, NOW);
    expect(await entryStatus(ada.id)).toBe("waiting");
    expect(await outcome(offerByHand(ada.id, TEN))).toBe(`409 ${WAITLIST_DESK_MESSAGES.offeredBefore}`);
    expect(await outcome(offerByHand(9999, TEN))).toBe(`409 ${WAITLIST_DESK_MESSAGES.offList}`);
  });

  it("holds no time for a client whose no-shows reached the limit: the job passes them over for the next in line, a hand offer is refused", async () => {
    // Ada did not come last Tuesday.
    const missed = await reserveBooking(
      db(),
      content(),
      bookingRequest({ option: option.name, start: "2026-11-24T09:00:00-06:00" }),
      { links: LINKS, now: NOW - 7 * 24 * 3_600_000, source: "staff" },
    );
    await db().updateTable("bookings").set({ outcome: "no_show" }).where("id", "=", missed.id).execute();
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, leadMinutes: 0, noShowLimit: 1 }, null);
    const ada = await join("Ada");
    const bo = await join("Bo");
    // Bo is another client: another phone as well as another e-mail.
    await db().updateTable("waitlist_entries").set({ phone: "(713) 555-0199" }).where("id", "=", bo.id).execute();

    expect(await outcome(offerByHand(ada.id, TEN))).toBe(`409 ${WAITLIST_DESK_MESSAGES.noShows}`);
    expect(await offerFreedTimes(db(), content(), LINKS, NOW)).toBe(1);
    expect(await entryStatus(ada.id)).toBe("waiting");
    expect(await entryStatus(bo.id)).toBe("offered");
    const held = await db().selectFrom("bookings").select("email").where("status", "=", "offered").execute();
    expect(held).toEqual([{ email: "bo@example.com" }]);
  });
});
