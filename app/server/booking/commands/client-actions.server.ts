import { addLocalDays, localDate, parseLocalDate } from "~/lib/booking/availability";
import { MANAGE_MESSAGES } from "~/lib/booking/messages";
import { audit } from "../../audit/audit.server";
import type { ContentService } from "../../content/content.server";
import type { Db, DbOrTx } from "../../db/database.server";
import {
  announced,
  appointmentById,
  appointmentByManageKey,
  changeBooking,
  claimFor,
  type BookingChange,
  type BookingRow,
} from "./booking-change.server";
import { bookableServices, findBookableService, type BookableService } from "../engine/catalog.server";
import { isValidManageToken, parseManageToken, type BookingLinks } from "../notices/manage-link.server";
import { bookingMailSetting } from "../notices/notify.server";
import { BookingRefusedError, claimTime } from "../engine/reserve.server";
import { bookingParts, type BookingPart } from "~/lib/booking/parts";
import { bookableResources, resourcesFor, staffRoster, type RosterEntry } from "../engine/resources.server";
import { visitPartValue, visitPersonValue } from "~/lib/booking/visit-form";
import {
  bookedOptionLine,
  bookingOutcome,
  confirmedAtOnce,
  getBookingSettings,
  HOLDING_STATUSES,
  holdsTime,
  isSuiteTour,
  loadBookingRules,
  serviceTitle,
} from "../model.server";
import { dayAvailability } from "../engine/day-availability.server";

export { MANAGE_MESSAGES };
export type { BookingRow };

export async function findBookingByToken(db: Db, secret: string, token: string): Promise<BookingRow | undefined> {
  const named = parseManageToken(token);
  if (!named) return undefined;
  const row = "key" in named ? await appointmentByManageKey(db, named.key) : await appointmentById(db, named.id);
  return row && isValidManageToken(secret, token, row.id, row.manage_key) ? row : undefined;
}

const isActive = (row: BookingRow) => holdsTime(row.status);

/** Where "Book again" leads, and what of the visit it could not keep, as the client reads it. */
export interface BookAgain {
  path: string;
  /** How many services the link books. */
  services: number;
  notes: string[];
}

/**
 * Where "Book again" leads: the live booking page of the visit's first service still booked online,
 * with each service, its option and its person chosen as before (`option`, `staff`, `also`, `with`),
 * while the salon still offers them. What it no longer offers falls back (a first option, anyone)
 * or is left out, each with a plain note; null when none of the services is booked online any more.
 */
export function bookAgainLink(
  parts: BookingPart[],
  services: Pick<BookableService, "id" | "title" | "options">[],
  roster: RosterEntry[],
): BookAgain | null {
  const notes: string[] = [];
  const kept: { service: string; option: string | null; staffId: number | null }[] = [];
  for (const part of parts) {
    const service = services.find((s) => s.id === part.service);
    if (!service) {
      notes.push(`${serviceTitle(part.service)} is no longer booked online, so it is left out.`);
      continue;
    }
    const option = service.options.find((o) => o.name === part.option);
    if (!option && kept.length > 0) {
      notes.push(`“${part.option}” (${service.title}) is no longer offered, so it is left out.`);
      continue;
    }
    if (!option) notes.push(`“${part.option}” is no longer offered: please choose a ${service.title} option.`);
    const doesIt = bookableResources(roster, service.id).some((r) => r.staffId !== null && r.staffId === part.staffId);
    if (part.staffId !== null && !doesIt) {
      const name = roster.find((p) => p.id === part.staffId)?.name || "The person you saw";
      notes.push(`${name} no longer takes ${service.title} bookings online, so anyone free is offered.`);
    }
    kept.push({ service: service.id, option: option?.name ?? null, staffId: doesIt ? part.staffId : null });
  }
  const [first, ...more] = kept;
  if (!first) return null;
  const query = new URLSearchParams();
  if (first.option) query.append("option", first.option);
  if (first.staffId) query.append("staff", String(first.staffId));
  const added = more.map((p) => ({ service: p.service, option: p.option ?? "" }));
  for (const part of added) query.append("also", visitPartValue(part));
  added.forEach((part, i) => {
    if (more[i].staffId) query.append("with", visitPersonValue(part, more[i].staffId));
  });
  return { path: `/book/${first.service}${query.size ? `?${query}` : ""}`, services: kept.length, notes };
}

/** Whether the client may still cancel or move it themselves (before the cancellation cutoff). */
export function changeableUntil(row: BookingRow, cutoffHours: number): number {
  return Date.parse(row.starts_at) - cutoffHours * 3_600_000;
}

/** The booking of the client's link, or a refusal; with what its e-mail needs. */
async function fromLink(db: Db, content: ContentService, links: BookingLinks, token: string) {
  const row = await findBookingByToken(db, links.secret, token);
  if (!row) throw new BookingRefusedError(404, MANAGE_MESSAGES.notFound);
  return { row, setting: await bookingMailSetting(db, content, links) };
}

/** A booking the client may still change themselves: one that holds its time, before the cutoff. */
async function changeable(db: Db, content: ContentService, links: BookingLinks, token: string, now: number) {
  const found = await fromLink(db, content, links, token);
  if (!isActive(found.row)) throw new BookingRefusedError(409, MANAGE_MESSAGES.notActive);
  const { cancellationCutoffHours } = await getBookingSettings(db);
  if (now >= changeableUntil(found.row, cancellationCutoffHours))
    throw new BookingRefusedError(409, MANAGE_MESSAGES.pastCutoff);
  return found;
}

/** A time the salon proposed that the client can still answer. */
async function proposed(db: Db, content: ContentService, links: BookingLinks, token: string, now: number) {
  const found = await fromLink(db, content, links, token);
  if (found.row.status !== "proposed") throw new BookingRefusedError(409, MANAGE_MESSAGES.notProposed);
  if (Date.parse(found.row.starts_at) <= now) throw new BookingRefusedError(409, MANAGE_MESSAGES.proposalPast);
  return found;
}

/** While the client's booking holds its time (the guard of a cancel or a move). */
const STILL_ACTIVE: Pick<BookingChange, "from" | "refusal"> = {
  from: HOLDING_STATUSES,
  refusal: MANAGE_MESSAGES.notActive,
};
const STILL_PROPOSED: Pick<BookingChange, "from" | "refusal"> = {
  from: ["proposed"],
  refusal: MANAGE_MESSAGES.notProposed,
};

/** The client cancels from their link; the time is free again at once. */
export async function cancelByClient(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  now = Date.now(),
): Promise<BookingRow> {
  const { row, setting } = await changeable(db, content, links, token, now);
  return announced(
    links,
    db.transaction().execute((tx) =>
      changeBooking(tx, row, {
        ...STILL_ACTIVE,
        set: { status: "cancelled", reason: "Cancelled by the client" },
        mail: { setting, event: "cancelled", salon: "cancelled" },
      }),
    ),
  );
}

/**
 * The client moves their booking to another free time with the same person (or chair). It is
 * checked like a new booking; with "owner approves" it waits for a new confirmation. A booking
 * made before staff were set up (on its service's chair) moves to whoever does the service and
 * is free then, and becomes theirs.
 */
export async function moveByClient(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  start: number,
  now = Date.now(),
): Promise<BookingRow> {
  const { row, setting } = await changeable(db, content, links, token, now);
  // Not a move: it would only send "moved" e-mails, and put a confirmed time back to a request.
  if (start === Date.parse(row.starts_at)) throw new BookingRefusedError(400, MANAGE_MESSAGES.sameTime);
  const service = await findBookableService(content, row.service);
  const candidates = service ? await resourcesFor(db, service.id, row.staff_id) : [];
  const same = candidates.filter((r) => r.id === row.resource);
  const resources = same.length === 0 && row.staff_id === null ? candidates : same;
  if (resources.length === 0) throw new BookingRefusedError(409, MANAGE_MESSAGES.callToMove);
  const { rules, settings } = await loadBookingRules(db, content);
  const claim = claimFor(row, rules, now, { start, by: "client", resources });
  const moved = claimTime(db, claim, (tx, resource) =>
    changeBooking(tx, row, {
      ...STILL_ACTIVE,
      set: {
        resource: resource.id,
        staff_id: resource.staffId,
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + row.duration_minutes * 60_000).toISOString(),
        status: confirmedAtOnce(settings.confirmationMode, row.service) ? "confirmed" : "requested",
        reminder_sent_at: null,
      },
      mail: { setting, event: "moved", salon: "moved" },
    }),
  );
  return announced(links, moved);
}

const clientActor = (row: BookingRow) => ({ userId: null, email: row.email || null });
const clientTarget = (row: BookingRow) => `${row.first_name} ${row.last_name}`.trim();

/** The client's answer to a proposed time: the change while it is still proposed, and its audit line. */
async function answerProposal(
  tx: DbOrTx,
  row: BookingRow,
  action: string,
  change: Omit<BookingChange, "from" | "refusal">,
): Promise<BookingRow> {
  const updated = await changeBooking(tx, row, { ...STILL_PROPOSED, ...change });
  await audit(tx, clientActor(row), action, clientTarget(row), { id: row.id });
  return updated;
}

/**
 * The client accepts the time the salon proposed: it is checked again (the salon took it for
 * them, so as staff: only that nobody else holds it) and confirmed in one transaction.
 */
export async function acceptProposal(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  now = Date.now(),
): Promise<BookingRow> {
  const { row, setting } = await proposed(db, content, links, token, now);
  const { rules } = await loadBookingRules(db, content);
  const accepted = claimTime(db, claimFor(row, rules, now), (tx) =>
    answerProposal(tx, row, "accepted the proposed time", {
      unchanged: ["starts_at"],
      set: { status: "confirmed" },
      mail: { setting, event: "confirmed", salon: "proposalAccepted" },
    }),
  );
  return announced(links, accepted);
}

/** The client declines the proposed time: the booking is cancelled and the time freed. */
export async function declineProposal(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  now = Date.now(),
): Promise<BookingRow> {
  const { row, setting } = await proposed(db, content, links, token, now);
  const declined = db.transaction().execute((tx) =>
    answerProposal(tx, row, "declined the proposed time", {
      set: { status: "cancelled", reason: "The client declined the proposed time" },
      mail: { setting, event: "cancelled", salon: "proposalDeclined" },
    }),
  );
  return announced(links, declined);
}

/**
 * What the client's own page (/appointment/{secret}) shows of their booking, or undefined when the
 * link opens none: its state (whether they may still cancel or move it, or must answer a proposed
 * time) and, when they may move it, the free times of the day they asked for (`askedDate`,
 * YYYY-MM-DD; else the booking's own day).
 */
export async function clientBookingView(
  db: Db,
  content: ContentService,
  secret: string,
  token: string,
  askedDate: string,
  now = Date.now(),
) {
  const booking = await findBookingByToken(db, secret, token);
  if (!booking) return undefined;
  const [service, settings, contact, { timeZone }] = await Promise.all([
    findBookableService(content, booking.service),
    getBookingSettings(db),
    content.getPage("contact"),
    content.getSettings(),
  ]);
  // Everyone who works a part of the visit, in order.
  const staffIds = [...new Set(bookingParts(booking).flatMap((p) => (p.staffId === null ? [] : [p.staffId])))];
  const named = staffIds.length
    ? await db.selectFrom("staff").select(["id", "name"]).where("id", "in", staffIds).execute()
    : [];
  const staffNames = staffIds.flatMap((id) => named.filter((p) => p.id === id).map((p) => p.name));
  const active = isActive(booking);
  // A proposed time is answered (accept or decline), not moved.
  const proposal = booking.status === "proposed" && now < Date.parse(booking.starts_at);
  const changeable = active && !proposal && now < changeableUntil(booking, settings.cancellationCutoffHours);

  const [first, ...later] = bookingParts(booking);
  const today = localDate(now, timeZone);
  const date = parseLocalDate(askedDate) ? askedDate : localDate(Date.parse(booking.starts_at), timeZone);
  const day =
    changeable && service
      ? await dayAvailability(db, content, {
          service: service.id,
          date,
          staffId: booking.staff_id,
          durationMinutes: first.durationMinutes,
          processing: first.processing,
          laterParts: later,
          excludeBookingId: booking.id,
        }).catch(() => null)
      : null;
  return {
    booking: {
      status: booking.status,
      service: service?.title ?? booking.service,
      option: bookedOptionLine(booking),
      staff: staffNames.join(", "),
      startsAt: booking.starts_at,
      endsAt: booking.ends_at,
      requestedStartsAt: booking.requested_starts_at,
      reason: booking.reason,
      firstName: booking.first_name,
      outcome: bookingOutcome(
        { status: booking.status, outcome: booking.outcome, endsAt: booking.ends_at },
        timeZone,
        now,
      ),
    },
    changeable,
    proposal,
    cutoffHours: settings.cancellationCutoffHours,
    phone: contact.salon_phone,
    timeZone,
    date,
    minDate: today,
    maxDate: addLocalDays(today, settings.windowDays),
    // "Move to another time": the booking's own time is not one.
    day: day && {
      closed: day.closed,
      reason: day.reason,
      slots: day.slots.map((s) => s.start).filter((s) => Date.parse(s) !== Date.parse(booking.starts_at)),
    },
    // Nobody active does the service any more: no day has times, so the client is told to call.
    movableOnline: !day?.unavailable,
    // A visit cancelled, declined, lapsed or over: the same again, a few taps away.
    bookAgain:
      (!active || now >= Date.parse(booking.starts_at)) && !isSuiteTour(booking.service)
        ? bookAgainLink(bookingParts(booking), await bookableServices(content), await staffRoster(db))
        : null,
  };
}
