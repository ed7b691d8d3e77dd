import type { Selectable } from "kysely";
import { addLocalDays, localDate, type BookingRules } from "~/lib/booking/availability";
import type { ServiceOption } from "~/lib/booking/service-options";
import { requestedStaff } from "~/lib/booking/booking-request";
import { pageSlice } from "~/lib/paging";
import {
  checkWishedDates,
  DAY_PARTS,
  firstFittingTime,
  fitsWish,
  wishedDays,
  type DayPart,
  type WaitlistRequest,
  type WaitlistWish,
  WAITLIST_DESK_MESSAGES,
  WAITLIST_MESSAGES,
} from "~/lib/booking/waitlist";
import { audit } from "../../audit/audit.server";
import type { ContentService } from "../../content/content.server";
import { nowIso, type Db, type DbOrTx } from "../../db/database.server";
import type { WaitlistEntriesTable, WaitlistOffersTable } from "../../db/schema";
import { enqueueVisitorMail } from "../../mail/recipient-bound.server";
import { appointmentById, changeBooking, claimFor, type BookingRow } from "../commands/booking-change.server";
import { findBookableService, type BookableService } from "../engine/catalog.server";
import { dayAvailability } from "../engine/day-availability.server";
import { BookingRefusedError, claimTime, type TimeClaim } from "../engine/reserve.server";
import { clientKeys } from "../engine/client-cap.server";
import { clientIdFor } from "../../clients/clients.server";
import { resourcesFor, type BookableResource } from "../engine/resources.server";
import { newManageKey, manageToken, type BookingLinks } from "../notices/manage-link.server";
import { bookingMailSetting } from "../notices/notify.server";
import { noShowsForLimit } from "../../clients/history.server";
import { BOOKING_REFUSALS, loadBookingRules } from "../model.server";
import { isValidWaitlistToken, leaveUrl, newWaitlistKey, offerUrl, waitlistTokenKey } from "./waitlist-links.server";
import { joinedWaitlistMail, timeOfferedMail, type WaitlistMailBase } from "./waitlist-mail.server";

/**
 * The waiting list: a client whose day has no fitting time leaves their wishes (the service
 * option, the person if they chose one, the days and the parts of the day that suit). When a time
 * that fits frees up, the first in line is offered it: a booking in the status "offered" claims it
 * through the engine (claimTime), so nobody else can take it while it is held, and they are
 * e-mailed a link to take or decline it. Taken, it becomes a normal booking (a request or
 * confirmed, as the booking settings say); declined or lapsed, its time is freed and the next in
 * line is asked. An entry is offered a time at most once; it leaves the list when it booked,
 * when its client leaves it, or after its last day.
 */

export type WaitlistEntry = Selectable<WaitlistEntriesTable>;
export type WaitlistOffer = Selectable<WaitlistOffersTable>;

export { WAITLIST_DESK_MESSAGES, WAITLIST_MESSAGES };

/** The entry's statuses that keep it on the list. */
export const ON_THE_LIST = ["waiting", "offered"] as const;

const SYSTEM = { userId: null, email: null };
const MINUTE = 60_000;

const wishOf = (entry: Pick<WaitlistEntry, "from_date" | "to_date" | "day_parts">): WaitlistWish => ({
  fromDate: entry.from_date,
  toDate: entry.to_date,
  dayParts: entry.day_parts.split(",").filter((p): p is DayPart => (DAY_PARTS as readonly string[]).includes(p)),
});

async function mailBase(
  db: DbOrTx,
  content: ContentService,
  links: BookingLinks,
  entry: WaitlistEntry,
  /** The person of the time offered (else the one the entry asked for). */
  staffId: number | null = entry.staff_id,
): Promise<WaitlistMailBase> {
  const [setting, service, staff] = await Promise.all([
    bookingMailSetting(db, content, links),
    findBookableService(content, entry.service),
    staffId ? db.selectFrom("staff").select("name").where("id", "=", staffId).executeTakeFirst() : undefined,
  ]);
  const title = service?.title ?? entry.service;
  return {
    firstName: entry.first_name,
    what: entry.option_name && entry.option_name !== title ? `${title} — ${entry.option_name}` : title,
    staff: staff?.name ?? "",
    timeZone: setting.timeZone,
    businessName: setting.businessName,
    phone: setting.phone,
    leaveUrl: leaveUrl(links, entry.id, entry.leave_key),
  };
}

export type JoinResult =
  | { ok: true; entry: WaitlistEntry }
  | { ok: false; status: 400; message: string; fieldErrors: Record<string, string[]> };

/**
 * Puts a client on the waiting list (after the form's schema): checks the service, option, person
 * and the wished days against today and the booking window, stores the entry with its
 * confirmation e-mail in one transaction, and only then answers.
 */
export async function joinWaitlist(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  request: WaitlistRequest,
  now = Date.now(),
): Promise<JoinResult> {
  const refuse = (message: string, fieldErrors: Record<string, string[]> = {}): JoinResult => ({
    ok: false,
    status: 400,
    message,
    fieldErrors,
  });
  const service = await findBookableService(content, request.service);
  if (!service) return refuse(BOOKING_REFUSALS.unknownService);
  const option = request.option ? service.options.find((o) => o.name === request.option) : service.options[0];
  if (!option) return refuse(BOOKING_REFUSALS.unknownOption);
  const staffId = requestedStaff(request);
  if (staffId !== null && (await resourcesFor(db, service.id, staffId)).length === 0)
    return refuse(BOOKING_REFUSALS.unknownStaff);
  const { rules } = await loadBookingRules(db, content);
  const today = localDate(now, rules.timeZone);
  const dates = checkWishedDates(request, today, addLocalDays(today, rules.windowDays));
  if (dates) return refuse(Object.values(dates)[0][0], dates);

  const at = nowIso();
  const entry = await db.transaction().execute(async (tx) => {
    const clientId = await clientIdFor(tx, {
      name: `${request.firstName} ${request.lastName}`,
      email: request.email,
      phone: request.phone,
    });
    const row = await tx
      .insertInto("waitlist_entries")
      .values({
        client_id: clientId,
        service: service.id,
        option_name: option.name,
        staff_id: staffId,
        first_name: request.firstName,
        last_name: request.lastName,
        email: request.email,
        phone: request.phone,
        from_date: request.fromDate,
        to_date: request.toDate,
        day_parts: DAY_PARTS.filter((p) => request.dayParts.includes(p)).join(","),
        status: "waiting",
        leave_key: newWaitlistKey(),
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const mail = joinedWaitlistMail(await mailBase(tx, content, links, row), wishOf(row));
    await enqueueVisitorMail(tx, { to: row.email, subject: mail.subject, text: mail.text, html: mail.html });
    return row;
  });
  return { ok: true, entry };
}

async function entryByLeaveToken(db: DbOrTx, secret: string, token: string): Promise<WaitlistEntry | undefined> {
  const key = waitlistTokenKey(token);
  if (!key) return undefined;
  const entry = await db.selectFrom("waitlist_entries").selectAll().where("leave_key", "=", key).executeTakeFirst();
  return entry && isValidWaitlistToken(secret, "leave", token, entry.id, entry.leave_key) ? entry : undefined;
}

/** What the leave link's page shows: the entry's service and whether it is still on the list; undefined for no entry. */
export async function leaveView(db: Db, content: ContentService, secret: string, token: string) {
  const entry = await entryByLeaveToken(db, secret, token);
  if (!entry) return undefined;
  const service = await findBookableService(content, entry.service);
  return {
    firstName: entry.first_name,
    service: service?.title ?? entry.service,
    option: entry.option_name,
    onTheList: (ON_THE_LIST as readonly string[]).includes(entry.status),
  };
}

/**
 * Takes the entry off the list (`status`: "left" when its client or the salon removes it); a time
 * held for it is freed at once. Returns false when it was off the list already.
 */
async function takeOffList(db: Db, entry: WaitlistEntry, status: "left" | "ended", reason: string): Promise<boolean> {
  const freed = await db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable("waitlist_entries")
      .set({ status, updated_at: nowIso() })
      .where("id", "=", entry.id)
      .where("status", "in", [...ON_THE_LIST])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return null;
    const open = await tx
      .selectFrom("waitlist_offers")
      .selectAll()
      .where("entry_id", "=", entry.id)
      .where("status", "=", "open")
      .execute();
    for (const offer of open) await closeOffer(tx, offer, "declined", reason);
    return open.length;
  });
  return freed !== null;
}

/** The client leaves the list from the link in any of its e-mails. */
export async function leaveWaitlist(db: Db, links: BookingLinks, token: string): Promise<"left" | "alreadyOff" | null> {
  const entry = await entryByLeaveToken(db, links.secret, token);
  if (!entry) return null;
  const left = await takeOffList(db, entry, "left", "The client left the waiting list");
  if (left) links.onChange?.();
  return left ? "left" : "alreadyOff";
}

/** Inside a transaction: the offer ends (declined or lapsed) and the time it held is freed. */
async function closeOffer(tx: DbOrTx, offer: WaitlistOffer, status: "declined" | "lapsed", reason: string) {
  const closed = await tx
    .updateTable("waitlist_offers")
    .set({ status, answered_at: nowIso() })
    .where("id", "=", offer.id)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) === 0) return false;
  const booking = await appointmentById(tx, offer.booking_id);
  if (booking?.status === "offered")
    await changeBooking(tx, booking, {
      from: ["offered"],
      refusal: WAITLIST_MESSAGES.offerGone,
      set: { status: status === "lapsed" ? "expired" : "cancelled", reason },
    });
  return true;
}

async function offerByToken(db: DbOrTx, secret: string, token: string) {
  const key = waitlistTokenKey(token);
  if (!key) return undefined;
  const offer = await db.selectFrom("waitlist_offers").selectAll().where("offer_key", "=", key).executeTakeFirst();
  if (!offer || !isValidWaitlistToken(secret, "offer", token, offer.id, offer.offer_key)) return undefined;
  const entry = await db
    .selectFrom("waitlist_entries")
    .selectAll()
    .where("id", "=", offer.entry_id)
    .executeTakeFirstOrThrow();
  return { offer, entry };
}

/**
 * What the offer link's page shows: the time, until when it is held, and whether it can still be
 * taken (`state`); undefined when the link opens no offer.
 */
export async function offerView(db: Db, content: ContentService, secret: string, token: string, now = Date.now()) {
  const found = await offerByToken(db, secret, token);
  if (!found) return undefined;
  const { offer, entry } = found;
  const booking = await appointmentById(db, offer.booking_id);
  const [{ rules, settings }, base] = await Promise.all([
    loadBookingRules(db, content),
    mailBase(db, content, { secret, publicUrl: "" }, entry, booking?.staff_id ?? entry.staff_id),
  ]);
  const open = offer.status === "open" && booking?.status === "offered";
  const state = open
    ? Date.parse(offer.expires_at) > now
      ? "open"
      : "lapsed"
    : offer.status === "open"
      ? "gone"
      : offer.status;
  return {
    state: state as "open" | "lapsed" | "gone" | "taken" | "declined",
    firstName: entry.first_name,
    what: base.what,
    staff: base.staff,
    startsAt: offer.starts_at,
    endsAt: booking?.ends_at ?? offer.starts_at,
    heldUntil: offer.expires_at,
    timeZone: rules.timeZone,
    phone: base.phone,
    instant: settings.confirmationMode === "instant",
    onTheList: (ON_THE_LIST as readonly string[]).includes(entry.status),
    manageToken: offer.status === "taken" && booking ? manageToken(secret, booking.id, booking.manage_key) : null,
  };
}

/** An offer that may still be answered: open, its time still held for it, before it lapses. */
async function answerable(db: Db, secret: string, token: string, now: number) {
  const found = await offerByToken(db, secret, token);
  if (!found) throw new BookingRefusedError(404, WAITLIST_MESSAGES.offerNotFound);
  const booking = await appointmentById(db, found.offer.booking_id);
  if (found.offer.status === "taken") throw new BookingRefusedError(409, WAITLIST_MESSAGES.offerTaken);
  if (found.offer.status !== "open" || booking?.status !== "offered")
    throw new BookingRefusedError(409, WAITLIST_MESSAGES.offerGone);
  if (Date.parse(found.offer.expires_at) <= now) throw new BookingRefusedError(409, WAITLIST_MESSAGES.offerLapsed);
  return { ...found, booking };
}

/** Inside the claim's transaction: the offer is answered while it is still open, else refused. */
async function markOffer(tx: DbOrTx, offer: WaitlistOffer, status: "taken" | "declined", refusal: string) {
  const marked = await tx
    .updateTable("waitlist_offers")
    .set({ status, answered_at: nowIso() })
    .where("id", "=", offer.id)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) throw new BookingRefusedError(409, refusal);
}

/**
 * The client takes the time held for them: it becomes their booking (confirmed, or a request the
 * salon confirms, as the booking settings say) with the usual e-mails and manage link, and their
 * entry leaves the list. Checked again under the engine's lock, like an accepted proposal.
 */
export async function takeOffer(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  now = Date.now(),
): Promise<BookingRow> {
  const { offer, entry, booking } = await answerable(db, links.secret, token, now);
  const [{ rules, settings }, setting] = await Promise.all([
    loadBookingRules(db, content),
    bookingMailSetting(db, content, links),
  ]);
  const instant = settings.confirmationMode === "instant";
  const taken = await claimTime(db, claimFor(booking, rules, now), async (tx) => {
    await markOffer(tx, offer, "taken", WAITLIST_MESSAGES.offerGone);
    const row = await changeBooking(tx, booking, {
      from: ["offered"],
      unchanged: ["starts_at"],
      refusal: WAITLIST_MESSAGES.offerGone,
      set: { status: instant ? "confirmed" : "requested" },
      mail: { setting, event: instant ? "confirmed" : "requested", salon: instant ? "booked" : "requested" },
    });
    await tx
      .updateTable("waitlist_entries")
      .set({ status: "booked", updated_at: nowIso() })
      .where("id", "=", entry.id)
      .execute();
    await audit(
      tx,
      { userId: null, email: entry.email },
      "took a time from the waiting list",
      `${entry.first_name} ${entry.last_name}`.trim(),
      {
        id: row.id,
      },
    );
    return row;
  });
  links.onChange?.();
  return taken;
}

/** The client lets the time go: it is freed and offered to the next in line; they stay on the list. */
export async function declineOffer(db: Db, links: BookingLinks, token: string, now = Date.now()): Promise<void> {
  const { offer, entry } = await answerable(db, links.secret, token, now);
  await db.transaction().execute(async (tx) => {
    if (!(await closeOffer(tx, offer, "declined", "Declined from the waiting list")))
      throw new BookingRefusedError(409, WAITLIST_MESSAGES.offerGone);
    await tx
      .updateTable("waitlist_entries")
      .set({ status: "waiting", updated_at: nowIso() })
      .where("id", "=", entry.id)
      .where("status", "=", "offered")
      .execute();
  });
  links.onChange?.();
}

/**
 * One round of the waiting list, run by its job (every minute, and at once when a booking change
 * is announced): offers that lapsed (or whose held time the salon cancelled) are closed and their
 * entries wait again; entries past their last day leave the list; then each waiting entry, first
 * in line first, is offered the earliest free time that fits its wishes and was not offered to it
 * before. Returns how many offers were made.
 */
export async function offerFreedTimes(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  now = Date.now(),
): Promise<number> {
  let changed = await closeLapsedOffers(db, now);
  const { rules, settings } = await loadBookingRules(db, content);
  const today = localDate(now, rules.timeZone);
  const ended = await db
    .updateTable("waitlist_entries")
    .set({ status: "ended", updated_at: nowIso() })
    .where("status", "=", "waiting")
    .where("to_date", "<", today)
    .executeTakeFirst();
  const waiting = await db
    .selectFrom("waitlist_entries")
    .selectAll()
    .where("status", "=", "waiting")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const lastBookable = addLocalDays(today, rules.windowDays);
  const barred = await pastNoShowLimit(db, waiting, settings.noShowLimit, rules.timeZone, now);
  let offered = 0;
  for (const [i, entry] of waiting.entries()) {
    if (barred[i]) continue;
    const service = await findBookableService(content, entry.service);
    if (!service) continue;
    if (
      await offerTo(db, content, links, {
        entry,
        service,
        lastBookable,
        today,
        now,
        holdMinutes: settings.waitlistHoldMinutes,
      })
    )
      offered += 1;
  }
  changed += offered;
  if (changed) links.onChange?.();
  return offered + Number(ended.numUpdatedRows);
}

/**
 * For each entry, whether its client's no-shows reached the booking settings' limit (0: no limit):
 * as online, no time is held for them; they stay on the list for the salon to call.
 */
async function pastNoShowLimit(
  db: DbOrTx,
  entries: readonly WaitlistEntry[],
  limit: number,
  timeZone: string,
  now: number,
): Promise<boolean[]> {
  if (limit <= 0 || entries.length === 0) return entries.map(() => false);
  const noShows = await noShowsForLimit(
    db,
    entries.map((e) => ({ email: e.email, phone: e.phone, clientId: e.client_id })),
    timeZone,
    now,
  );
  return noShows.map((n) => n >= limit);
}

/** Closes the open offers that lapsed, or whose held time is no longer held (the salon cancelled it); returns how many. */
async function closeLapsedOffers(db: Db, now: number): Promise<number> {
  const open = await db
    .selectFrom("waitlist_offers")
    .innerJoin("bookings", "bookings.id", "waitlist_offers.booking_id")
    .selectAll("waitlist_offers")
    .where("waitlist_offers.status", "=", "open")
    .where((eb) =>
      eb.or([
        eb("waitlist_offers.expires_at", "<=", new Date(now).toISOString()),
        eb("bookings.status", "!=", "offered"),
      ]),
    )
    .execute();
  let closed = 0;
  for (const offer of open) {
    const done = await db.transaction().execute(async (tx) => {
      if (!(await closeOffer(tx, offer, "lapsed", "The time offered from the waiting list was not taken in time")))
        return false;
      await tx
        .updateTable("waitlist_entries")
        .set({ status: "waiting", updated_at: nowIso() })
        .where("id", "=", offer.entry_id)
        .where("status", "=", "offered")
        .execute();
      return true;
    });
    if (done) closed += 1;
  }
  return closed;
}

/** The entry was taken off the list or offered a time by another round meanwhile: this claim writes nothing. */
class EntryChangedMeanwhile extends Error {}

/** The free times, earliest first, that fit the entry's wishes and were not offered to it before. */
async function* fittingTimes(
  db: Db,
  content: ContentService,
  entry: WaitlistEntry,
  round: { service: BookableService; option: string; today: string; lastBookable: string; now: number },
  timeZone: string,
): AsyncGenerator<number> {
  const previous = await db
    .selectFrom("waitlist_offers")
    .select("starts_at")
    .where("entry_id", "=", entry.id)
    .execute();
  const offeredBefore = new Set(previous.map((o) => Date.parse(o.starts_at)));
  const wish = wishOf(entry);
  for (const date of wishedDays(wish, round.today, round.lastBookable)) {
    const day = await dayAvailability(db, content, {
      service: round.service.id,
      option: round.option,
      date,
      staffId: entry.staff_id,
      now: round.now,
    });
    const free = day.slots.map((s) => Date.parse(s.start));
    for (;;) {
      const start = firstFittingTime(wish, free, timeZone, offeredBefore);
      if (start === undefined) break;
      offeredBefore.add(start);
      yield start;
    }
  }
}

/**
 * Holds a time for the entry, the one way an offer is made (by the job or by the salon's hand):
 * a booking in the status "offered" claimed through claimTime, the offer row with when the hold
 * lapses, the entry marked offered, the offer e-mail and the audit line, in one transaction.
 * Throws EntryChangedMeanwhile when the entry stopped waiting, BookingRefusedError when the time
 * cannot be had.
 */
async function holdTimeFor(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  hold: {
    entry: WaitlistEntry;
    service: BookableService;
    option: ServiceOption;
    resources: BookableResource[];
    rules: BookingRules;
    start: number;
    now: number;
    holdMinutes: number;
    /** The job claims as a client would (every booking rule); the salon as staff (only the invariant). */
    by: TimeClaim["by"];
    actor: { userId: number | null; email: string | null };
    action: string;
  },
): Promise<void> {
  const { entry, service, option, resources, rules, start, now } = hold;
  await claimTime(
    db,
    { rules, resources, durationMinutes: option.durationMinutes, start, now, by: hold.by },
    async (tx, resource) => {
      const marked = await tx
        .updateTable("waitlist_entries")
        .set({ status: "offered", updated_at: nowIso() })
        .where("id", "=", entry.id)
        .where("status", "=", "waiting")
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) throw new EntryChangedMeanwhile();
      const at = nowIso();
      const booking = await tx
        .insertInto("bookings")
        .values({
          kind: "appointment",
          resource: resource.id,
          staff_id: resource.staffId,
          service: service.id,
          option_name: option.name,
          duration_minutes: option.durationMinutes,
          price: option.price,
          starts_at: new Date(start).toISOString(),
          ends_at: new Date(start + option.durationMinutes * MINUTE).toISOString(),
          status: "offered",
          requested_starts_at: null,
          first_name: entry.first_name,
          last_name: entry.last_name,
          email: entry.email,
          phone: entry.phone,
          notes: "",
          reason: "",
          manage_key: newManageKey(),
          source: "online",
          // Counted with the client's other bookings (their cap, their history) like any booking.
          ...clientKeys(entry),
          client_id: entry.client_id,
          reminder_sent_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning(["id", "starts_at", "ends_at"])
        .executeTakeFirstOrThrow();
      const heldUntil = new Date(now + hold.holdMinutes * MINUTE).toISOString();
      const offer = await tx
        .insertInto("waitlist_offers")
        .values({
          entry_id: entry.id,
          booking_id: booking.id,
          starts_at: booking.starts_at,
          offer_key: newWaitlistKey(),
          status: "open",
          expires_at: heldUntil,
          created_at: at,
          answered_at: null,
        })
        .returning(["id", "offer_key"])
        .executeTakeFirstOrThrow();
      const base = await mailBase(tx, content, links, entry, resource.staffId);
      const mail = timeOfferedMail(base, {
        startsAt: booking.starts_at,
        endsAt: booking.ends_at,
        heldUntil,
        offerUrl: offerUrl(links, offer.id, offer.offer_key),
      });
      await enqueueVisitorMail(tx, { to: entry.email, subject: mail.subject, text: mail.text, html: mail.html });
      await audit(tx, hold.actor, hold.action, `${entry.first_name} ${entry.last_name}`.trim(), { id: booking.id });
    },
  );
}

/** Offers the entry the first fitting free time, if there is one; true when an offer was made. */
async function offerTo(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  round: {
    entry: WaitlistEntry;
    service: BookableService;
    today: string;
    lastBookable: string;
    now: number;
    holdMinutes: number;
  },
): Promise<boolean> {
  const { entry, service, now } = round;
  const option = service.options.find((o) => o.name === entry.option_name);
  if (!option) return false;
  const resources = await resourcesFor(db, service.id, entry.staff_id);
  if (resources.length === 0) return false;
  const { rules } = await loadBookingRules(db, content);
  for await (const start of fittingTimes(db, content, entry, { ...round, option: option.name }, rules.timeZone)) {
    try {
      await holdTimeFor(db, content, links, {
        entry,
        service,
        option,
        resources,
        rules,
        start,
        now,
        holdMinutes: round.holdMinutes,
        by: "client",
        actor: SYSTEM,
        action: "offered a time from the waiting list",
      });
      return true;
    } catch (error) {
      if (error instanceof EntryChangedMeanwhile) return false;
      // Taken meanwhile (or no longer offered): try the next fitting time.
      if (error instanceof BookingRefusedError) continue;
      throw error;
    }
  }
  return false;
}

/**
 * The salon offers a waiting client a time by hand (a time the job would not offer: inside the
 * lead time, or one they were not offered because an earlier one came first): it must fit the
 * client's wishes and be free for their service (and person, if they chose one). The same hold,
 * offer e-mail and answer page as the job's offer; claimed as the front desk claims (nobody is
 * double-booked). Throws BookingRefusedError with what the admin reads.
 */
export async function offerTimeByHand(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  actor: { userId: number | null; email: string | null },
  entryId: number,
  start: number,
  now = Date.now(),
): Promise<void> {
  const entry = await db.selectFrom("waitlist_entries").selectAll().where("id", "=", entryId).executeTakeFirst();
  if (!entry || !(ON_THE_LIST as readonly string[]).includes(entry.status))
    throw new BookingRefusedError(409, WAITLIST_DESK_MESSAGES.offList);
  if (entry.status === "offered") throw new BookingRefusedError(409, WAITLIST_DESK_MESSAGES.alreadyHeld);
  const { rules, settings } = await loadBookingRules(db, content);
  if (start <= now) throw new BookingRefusedError(400, WAITLIST_DESK_MESSAGES.past);
  const [barred] = await pastNoShowLimit(db, [entry], settings.noShowLimit, rules.timeZone, now);
  if (barred) throw new BookingRefusedError(409, WAITLIST_DESK_MESSAGES.noShows);
  if (!fitsWish(wishOf(entry), start, rules.timeZone))
    throw new BookingRefusedError(400, WAITLIST_DESK_MESSAGES.notWished);
  const service = await findBookableService(content, entry.service);
  const option = service?.options.find((o) => o.name === entry.option_name);
  const resources = service && option ? await resourcesFor(db, service.id, entry.staff_id) : [];
  if (!service || !option || resources.length === 0)
    throw new BookingRefusedError(409, WAITLIST_DESK_MESSAGES.notBookable);
  const offeredBefore = await db
    .selectFrom("waitlist_offers")
    .select("id")
    .where("entry_id", "=", entry.id)
    .where("starts_at", "=", new Date(start).toISOString())
    .executeTakeFirst();
  if (offeredBefore) throw new BookingRefusedError(409, WAITLIST_DESK_MESSAGES.offeredBefore);
  try {
    await holdTimeFor(db, content, links, {
      entry,
      service,
      option,
      resources,
      rules,
      start,
      now,
      holdMinutes: settings.waitlistHoldMinutes,
      by: "staff",
      actor,
      action: "offered a time from the waiting list by hand",
    });
  } catch (error) {
    if (error instanceof EntryChangedMeanwhile) throw new BookingRefusedError(409, WAITLIST_DESK_MESSAGES.changed);
    if (error instanceof BookingRefusedError && error.message === BOOKING_REFUSALS.taken)
      throw new BookingRefusedError(409, WAITLIST_DESK_MESSAGES.taken);
    throw error;
  }
  links.onChange?.();
}

export const WAITLIST_PAGE_SIZE = 20;

/**
 * The admin's list, paged: the entries on the list first, first in line first (the order offers go
 * out in), then those off it, latest first (what happened lately matters; years-old entries sink).
 * Two queries, each in an index's order, rather than one ORDER BY CASE, which sorts the whole table.
 */
export async function listWaitlist(db: Db, content: ContentService, requestedPage: number) {
  const [all, onList] = await Promise.all([
    db
      .selectFrom("waitlist_entries")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("waitlist_entries")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("status", "in", [...ON_THE_LIST])
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(all.n);
  const waiting = Number(onList.n);
  const { page, pageCount, offset } = pageSlice(total, requestedPage, WAITLIST_PAGE_SIZE);
  const onThisPage =
    offset < waiting
      ? await db
          .selectFrom("waitlist_entries")
          .selectAll()
          .where("status", "in", [...ON_THE_LIST])
          .orderBy("created_at")
          .orderBy("id")
          .limit(WAITLIST_PAGE_SIZE)
          .offset(offset)
          .execute()
      : [];
  const offThisPage =
    onThisPage.length < WAITLIST_PAGE_SIZE && total > waiting
      ? await db
          .selectFrom("waitlist_entries")
          .selectAll()
          .where("status", "not in", [...ON_THE_LIST])
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(WAITLIST_PAGE_SIZE - onThisPage.length)
          .offset(Math.max(0, offset - waiting))
          .execute()
      : [];
  const entries = [...onThisPage, ...offThisPage];
  const offers = entries.length
    ? await db
        .selectFrom("waitlist_offers")
        .selectAll()
        .where(
          "entry_id",
          "in",
          entries.map((e) => e.id),
        )
        .orderBy("created_at")
        .execute()
    : [];
  const staff = await db.selectFrom("staff").select(["id", "name"]).execute();
  const services = await Promise.all(entries.map((e) => findBookableService(content, e.service)));
  return {
    page,
    pageCount,
    total,
    entries: entries.map((entry, i) => ({
      id: entry.id,
      name: `${entry.first_name} ${entry.last_name}`.trim(),
      email: entry.email,
      phone: entry.phone,
      service: services[i]?.title ?? entry.service,
      option: entry.option_name,
      staff: staff.find((s) => s.id === entry.staff_id)?.name ?? "",
      fromDate: entry.from_date,
      toDate: entry.to_date,
      dayParts: wishOf(entry).dayParts,
      status: entry.status,
      createdAt: entry.created_at,
      offers: offers
        .filter((o) => o.entry_id === entry.id)
        .map((o) => ({ startsAt: o.starts_at, status: o.status, expiresAt: o.expires_at })),
    })),
  };
}

/** The salon removes an entry from the list (a time held for it is freed). False when it was off the list already. */
export async function removeEntry(
  db: Db,
  links: BookingLinks,
  actor: { userId: number | null; email: string | null },
  id: number,
): Promise<boolean> {
  const entry = await db.selectFrom("waitlist_entries").selectAll().where("id", "=", id).executeTakeFirst();
  if (!entry) return false;
  const removed = await takeOffList(db, entry, "left", "Removed from the waiting list by the salon");
  if (removed) {
    await audit(db, actor, "removed from the waiting list", `${entry.first_name} ${entry.last_name}`.trim(), { id });
    links.onChange?.();
  }
  return removed;
}
