import type { Selectable } from "kysely";
import { localDate } from "~/lib/booking/availability";
import { calendarSearch, STATUS_LABELS } from "~/lib/booking/calendar";
import { BOOKING_NOTICE_SETTINGS, type BookingNoticeSetting, type BookingSettings } from "~/lib/booking/settings";
import type { ContentService } from "../../content/content.server";
import type { Db, DbOrTx } from "../../db/database.server";
import type { BookingStatus, BookingsTable } from "../../db/schema";
import { enqueueMail } from "../../mail/outbox.server";
import {
  clientMailSubject,
  salonMailSubject,
  type BookingMailEvent,
  type BookingMailInput,
  type SalonMailEvent,
  type SalonMailInput,
} from "./booking-mail.server";
import { salonAddress, salonAppointment } from "./calendar-feed.server";
import { enqueueVisitorMail } from "../../mail/recipient-bound.server";
import type { StoredBookingMail, StoredCalendarMessage } from "./queued-booking-mail.server";
import { manageUrl, type BookingLinks } from "./manage-link.server";
import { bookingParts, type BookingPart } from "~/lib/booking/parts";
import {
  bookedOptionLine,
  getBookingSettings,
  hasEnded,
  isSuiteTour,
  partsOptionLine,
  serviceTitle,
} from "../model.server";

/** What every e-mail about a booking needs besides the booking, read before its transaction. */
export interface BookingMailSetting {
  links: BookingLinks;
  timeZone: string;
  businessName: string;
  phone: string;
  cutoffHours: number;
  /** The salon's e-mail and address, for the calendar invitation. */
  businessEmail: string;
  address: string;
  /** Where the salon's e-mails about bookings go: NOTIFY_EMAIL, else Settings' notification e-mail, else the business e-mail. */
  salonEmail: string;
  /** Which of them the salon gets (Booking settings). */
  notices: Record<BookingNoticeSetting, boolean>;
  requestExpiryHours: number;
}

export async function bookingMailSetting(
  db: DbOrTx,
  content: ContentService,
  links: BookingLinks,
  /** The Booking settings when the caller has just read them. */
  read?: BookingSettings,
): Promise<BookingMailSetting> {
  const [contact, { timeZone, notifyEmail }, settings] = await Promise.all([
    content.getPage("contact"),
    content.getSettings(),
    read ?? getBookingSettings(db),
  ]);
  return {
    links,
    timeZone,
    businessName: contact.business_name,
    phone: contact.salon_phone,
    cutoffHours: settings.cancellationCutoffHours,
    businessEmail: contact.email,
    address: salonAddress(contact),
    salonEmail: links.notifyEmail || notifyEmail || contact.email,
    notices: Object.fromEntries(BOOKING_NOTICE_SETTINGS.map((name) => [name, settings[name]])) as Record<
      BookingNoticeSetting,
      boolean
    >,
    requestExpiryHours: settings.requestExpiryHours,
  };
}

/**
 * What an e-mail about a change does to a calendar (the client's, or the salon's): a cancellation
 * when the booking ended and that calendar holds its event; an invitation (a new event, or an
 * update of the one it holds, tentative until confirmed) when the booking is confirmed or that
 * calendar holds its event; else nothing. `holdsEvent`: an invitation went to that calendar
 * before. Judged from the booking as the change stored it, not from who changed what: a booking
 * confirmed, moved back to a request by the client and then cancelled by the salon still cancels
 * the event the client's calendar keeps.
 */
export function calendarChange(status: BookingStatus, holdsEvent: boolean): "invitation" | "cancellation" | null {
  if (hasEnded(status)) return holdsEvent ? "cancellation" : null;
  return status === "confirmed" || holdsEvent ? "invitation" : null;
}

/** The person booked: their name, and their e-mail when they gave one. */
async function bookedPerson(tx: DbOrTx, staffId: number | null): Promise<{ name: string; email: string }> {
  const person = staffId
    ? await tx.selectFrom("staff").select(["name", "email"]).where("id", "=", staffId).executeTakeFirst()
    : undefined;
  return { name: person?.name ?? "", email: person?.email ?? "" };
}

/** Records that an invitation went to a calendar: later changes update or cancel its event. */
async function markCalendarSent(
  tx: DbOrTx,
  row: Selectable<BookingsTable>,
  column: "client_calendar_sent" | "salon_calendar_sent",
): Promise<void> {
  if (row[column] === 1) return;
  await tx
    .updateTable("bookings")
    .set({ [column]: 1 })
    .where("id", "=", row.id)
    .execute();
}

/**
 * Queues the client's e-mail about a change, in the transaction that makes the change: the mail
 * goes out exactly when the change is stored (the outbox sends it, and retries), unless the
 * address had its day's bound of mail (then it is stored as not sent; the change stands). `row` is
 * the booking as the change stored it.
 */
export async function queueClientMail(
  tx: DbOrTx,
  setting: BookingMailSetting,
  event: BookingMailEvent,
  row: Selectable<BookingsTable>,
): Promise<void> {
  if (!row.email) return;
  const staff = await bookedPerson(tx, row.staff_id);
  const service = serviceTitle(row.service);
  const manage = manageUrl(setting.links, row.id, row.manage_key);
  const input: BookingMailInput = {
    event,
    firstName: row.first_name,
    service,
    option: bookedOptionLine(row),
    staff: staff.name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: setting.timeZone,
    manageUrl: manage,
    businessName: setting.businessName,
    phone: setting.phone,
    cutoffHours: setting.cutoffHours,
    reason: row.reason,
    requestedStartsAt: row.requested_starts_at,
    tour: isSuiteTour(row.service),
  };
  // A reminder changes nothing: the calendar already has what it says.
  const change = event === "reminder" ? null : calendarChange(row.status, row.client_calendar_sent === 1);
  const stored: StoredBookingMail = {
    client: input,
    calendar: change ? clientCalendar(change, setting, row, { service, staff: staff.name, manageUrl: manage }) : null,
  };
  // The text, HTML and invitation are written when the mail is sent (writeQueuedBookingMail).
  await enqueueVisitorMail(tx, {
    to: row.email,
    subject: clientMailSubject(input),
    text: null,
    composeInput: JSON.stringify(stored),
  });
  if (change === "invitation") await markCalendarSent(tx, row, "client_calendar_sent");
}

/** The client's calendar message for the booking's time: "{service} at {business}" at the salon. */
function clientCalendar(
  change: "invitation" | "cancellation",
  setting: BookingMailSetting,
  row: Selectable<BookingsTable>,
  names: { service: string; staff: string; manageUrl: string },
): StoredCalendarMessage {
  const option = bookedOptionLine(row);
  const what = option && option !== names.service ? `${names.service} — ${option}` : names.service;
  return {
    change,
    appointment: {
      id: row.id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      summary: `${names.service} at ${setting.businessName}`,
      description: [what, names.staff ? `With ${names.staff}` : "", `Your booking: ${names.manageUrl}`, setting.phone]
        .filter(Boolean)
        .join("\n"),
      location: setting.address,
      tentative: row.status !== "confirmed",
      sequence: row.sequence,
      updatedAt: row.updated_at,
    },
    host: new URL(setting.links.publicUrl).hostname,
    organizer: { name: setting.businessName, email: setting.businessEmail },
    attendee: { name: `${row.first_name} ${row.last_name}`.trim(), email: row.email },
  };
}

/** The Booking settings switch of each salon e-mail; null: the admin's own change, told only to update a calendar. */
const SALON_NOTICE: Record<SalonMailEvent, BookingNoticeSetting | null> = {
  requested: "notifyNewBookings",
  booked: "notifyNewBookings",
  moved: "notifyMoves",
  cancelled: "notifyCancellations",
  proposalAccepted: "notifyProposalAnswers",
  proposalDeclined: "notifyProposalAnswers",
  lapsesSoon: "notifyLapsing",
  proposalLapsesSoon: "notifyLapsing",
  expired: "notifyLapsed",
  proposalExpired: "notifyLapsed",
  confirmedBySalon: null,
  declinedBySalon: null,
  proposedBySalon: null,
  movedBySalon: null,
  cancelledBySalon: null,
};

/** Salon e-mails that tell of no change to the booking (its calendar event stays as it is). */
const NO_CHANGE: readonly SalonMailEvent[] = ["lapsesSoon", "proposalLapsesSoon"];

/** The booking's page in the admin: its day in the calendar with its details open. */
export function adminBookingUrl(
  publicUrl: string,
  row: Pick<Selectable<BookingsTable>, "id" | "starts_at">,
  timeZone: string,
) {
  const date = localDate(Date.parse(row.starts_at), timeZone);
  return `${publicUrl}/admin/bookings${calendarSearch({ view: "day", date, booking: row.id })}`;
}

/** When a request (or a proposed time) nobody answers lapses: its expiry hours after it was made, or its start. */
export function lapsesAt(
  row: Pick<Selectable<BookingsTable>, "updated_at" | "starts_at">,
  expiryHours: number,
): number {
  return Math.min(Date.parse(row.updated_at) + expiryHours * 3_600_000, Date.parse(row.starts_at));
}

/** Each person who works a part of the booking, once, with their own parts, in the order they first work. */
export function visitPeople(row: Selectable<BookingsTable>): { staffId: number; parts: BookingPart[] }[] {
  const people = new Map<number, BookingPart[]>();
  for (const part of bookingParts(row))
    if (part.staffId !== null) people.set(part.staffId, [...(people.get(part.staffId) ?? []), part]);
  return [...people].map(([staffId, parts]) => ({ staffId, parts }));
}

/** A person's parts as the stretches they work the visit, when there is more than one. */
function ownStretches(parts: BookingPart[], at: (minutes: number) => string) {
  const stretches: [number, number][] = [];
  for (const p of parts) {
    const last = stretches.at(-1);
    if (last && last[1] === p.offsetMinutes) last[1] += p.durationMinutes;
    else stretches.push([p.offsetMinutes, p.offsetMinutes + p.durationMinutes]);
  }
  return stretches.length > 1
    ? { stretches: stretches.map(([from, to]) => ({ startsAt: at(from), endsAt: at(to) })) }
    : {};
}

/**
 * Queues the salon's e-mail about a booking, in the transaction of the change it tells of: to the
 * salon's notification address (the whole visit) and to each person who works a part of it (when
 * they have an e-mail: their own parts and times), each address once, Reply-To the client. Sent
 * when its kind is on in Booking settings, and whatever the settings when it changes an event the
 * salon's calendars hold (so they never keep a wrong time). A change made in the admin is told to
 * the people booked only (and to the notification address when its calendar holds the event). The
 * salon's copy of a confirmed booking carries an invitation, the salon as organizer; a later change
 * updates or cancels it like the client's.
 */
export async function queueSalonMail(
  tx: DbOrTx,
  setting: BookingMailSetting,
  event: SalonMailEvent,
  row: Selectable<BookingsTable>,
  /** Only these people are told (not the notification address): those a change took off the booking. */
  onlyStaff?: readonly number[],
): Promise<void> {
  const holdsEvent = row.salon_calendar_sent === 1;
  const change = NO_CHANGE.includes(event) ? null : calendarChange(row.status, holdsEvent);
  const notice = SALON_NOTICE[event];
  const wanted = notice !== null && setting.notices[notice];
  const updatesCalendar = holdsEvent && change !== null;
  // The admin's own changes: the people booked are told (someone else may have made them); the
  // notification address only when its calendar holds the event.
  const toPeople = wanted || updatesCalendar || notice === null;
  if (!toPeople) return;
  const people = await Promise.all(
    visitPeople(row)
      .filter((p) => !onlyStaff || onlyStaff.includes(p.staffId))
      .map(async (p) => ({ ...p, ...(await bookedPerson(tx, p.staffId)) })),
  );
  const first = await bookedPerson(tx, row.staff_id);
  // The whole visit names everyone in it.
  const everyone = [...new Set([first.name, ...people.map((p) => p.name)].filter(Boolean))].join(", ");
  const client = `${row.first_name} ${row.last_name}`.trim();
  const start = Date.parse(row.starts_at);
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const mails: { to: string; name: string; staff: string; parts?: BookingPart[] }[] = [];
  const mailed = (to: string) => mails.some((m) => m.to.toLowerCase() === to.toLowerCase());
  if ((wanted || updatesCalendar) && !onlyStaff)
    mails.push({
      to: setting.salonEmail,
      name:
        first.email && first.email.toLowerCase() === setting.salonEmail.toLowerCase()
          ? first.name
          : setting.businessName,
      staff: everyone,
    });
  for (const person of people)
    if (person.email && !mailed(person.email))
      mails.push({ to: person.email, name: person.name, staff: person.name, parts: person.parts });
  for (const { to, name, staff, parts } of mails) {
    if (!to) continue;
    const own = parts && parts.length < bookingParts(row).length ? parts : undefined;
    const input: SalonMailInput = {
      event,
      service: serviceTitle(own ? own[0].service : row.service),
      option: own ? partsOptionLine(own) : bookedOptionLine(row),
      staff,
      startsAt: own ? at(own[0].offsetMinutes) : row.starts_at,
      endsAt: own ? at(Math.max(...own.map((p) => p.offsetMinutes + p.durationMinutes))) : row.ends_at,
      ...(own ? ownStretches(own, at) : {}),
      timeZone: setting.timeZone,
      client: { name: client, email: row.email, phone: row.phone },
      notes: row.notes,
      status: STATUS_LABELS[row.status],
      source: row.source,
      reason: event === "cancelled" || event === "proposalDeclined" ? "" : row.reason,
      requestedStartsAt: row.requested_starts_at,
      lapsesAt: new Date(lapsesAt(row, setting.requestExpiryHours)).toISOString(),
      adminUrl: adminBookingUrl(setting.links.publicUrl, row, setting.timeZone),
      businessName: setting.businessName,
    };
    const stored: StoredBookingMail = {
      salon: input,
      calendar: change
        ? {
            change,
            appointment: salonAppointment(row, { staff, location: setting.address, parts: own }),
            host: new URL(setting.links.publicUrl).hostname,
            organizer: { name: setting.businessName, email: setting.businessEmail },
            attendee: { name, email: to },
          }
        : null,
    };
    await enqueueMail(tx, {
      to,
      replyTo: row.email || null,
      subject: salonMailSubject(input),
      text: null,
      composeInput: JSON.stringify(stored),
    });
  }
  if (change === "invitation" && mails.length && !onlyStaff) await markCalendarSent(tx, row, "salon_calendar_sent");
}

/**
 * Claims each due booking in its own transaction (`claim` runs a guarded UPDATE and queues the
 * e-mail when it won the row): one notice per booking however many rounds or instances run.
 * Returns how many were claimed.
 */
export async function claimEachDue<T>(
  db: Db,
  due: readonly T[],
  claim: (tx: DbOrTx, candidate: T) => Promise<boolean>,
): Promise<number> {
  let queued = 0;
  for (const candidate of due) {
    if (await db.transaction().execute((tx) => claim(tx, candidate))) queued += 1;
  }
  return queued;
}
