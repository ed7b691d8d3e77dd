import { addLocalDays, localDate, wallClockInstant, weekdayOf } from "~/lib/booking/availability";
import { calendarSearch, STATUS_LABELS } from "~/lib/booking/calendar";
import { formatInZone } from "~/lib/dates";
import type { ContentService } from "../../content/content.server";
import type { Db } from "../../db/database.server";
import { enqueueMail } from "../../mail/outbox.server";
import { dailyAgendaMail } from "./booking-mail.server";
import type { BookingLinks } from "./manage-link.server";
import { bookingMailSetting, claimEachDue, lapsesAt, queueSalonMail } from "./notify.server";
import { getBookingSettings, loadBookingRules } from "../model.server";
import { bookedOptionLine, serviceTitle, AWAITING_ANSWER, HOLDING_STATUSES } from "../model.server";

const HOUR = 3_600_000;
/** The salon is told a request lapses soon when a quarter of its time is left, at most this long before. */
const LAPSE_WARNING_MAX_MS = 6 * HOUR;

/** When the salon is told that a request (or proposed time) made at `madeAt` and lapsing at `lapse` lapses soon. */
export function lapseWarningAt(madeAt: number, lapse: number): number {
  return lapse - Math.min(LAPSE_WARNING_MAX_MS, Math.max(0, lapse - madeAt) / 4);
}

/**
 * Tells the salon of each request nobody has answered (and each proposed time the client has not)
 * that lapses soon: once a quarter of its time is left, at most 6 hours before. Each is claimed by
 * an UPDATE that only succeeds while it is unchanged and not yet warned of (lapse_warned_for holds
 * the updated_at it was warned of: a moved request is warned of again), with its e-mail in that
 * transaction: one e-mail however many rounds or instances run. Returns how many were queued.
 */
export async function queueLapseWarnings(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  now = Date.now(),
): Promise<number> {
  const { requestExpiryHours, notifyLapsing } = await getBookingSettings(db);
  if (!notifyLapsing) return 0;
  const candidates = await db
    .selectFrom("bookings")
    .select(["id", "status", "starts_at", "updated_at"])
    .where("kind", "=", "appointment")
    .where("status", "in", [...AWAITING_ANSWER])
    .where((eb) => eb.or([eb("lapse_warned_for", "is", null), eb("lapse_warned_for", "!=", eb.ref("updated_at"))]))
    .orderBy("id")
    .execute();
  const due = candidates.filter((b) => {
    const lapse = lapsesAt(b, requestExpiryHours);
    return lapseWarningAt(Date.parse(b.updated_at), lapse) <= now && now < lapse;
  });
  if (!due.length) return 0;
  const setting = await bookingMailSetting(db, content, links);
  return claimEachDue(db, due, async (tx, candidate) => {
    const row = await tx
      .updateTable("bookings")
      .set({ lapse_warned_for: candidate.updated_at })
      .where("id", "=", candidate.id)
      .where("status", "=", candidate.status)
      // Answered, moved or warned of by another instance meanwhile: not this round's.
      .where("updated_at", "=", candidate.updated_at)
      .where((eb) => eb.or([eb("lapse_warned_for", "is", null), eb("lapse_warned_for", "!=", candidate.updated_at)]))
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    await queueSalonMail(tx, setting, row.status === "proposed" ? "proposalLapsesSoon" : "lapsesSoon", row);
    return true;
  });
}

/** The app_meta key holding the salon's date of the last daily agenda queued. */
export const AGENDA_SENT_KEY = "booking_agenda_sent_for";

/**
 * With the daily agenda on (Booking settings): on each day the salon opens (its weekly hours, no
 * closure), from its opening time until it closes, queues one e-mail to the salon listing that
 * day's appointments. The day is claimed by an UPDATE of one app_meta row that only succeeds while
 * it names an earlier day, with the e-mail in that transaction: one agenda a day, however many
 * rounds or server instances run. Returns 1 when it queued the agenda.
 */
export async function queueDailyAgenda(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  now = Date.now(),
): Promise<number> {
  if (!(await getBookingSettings(db)).dailyAgenda) return 0;
  const { rules } = await loadBookingRules(db, content);
  const { timeZone } = rules;
  const today = localDate(now, timeZone);
  const hours = rules.hours[weekdayOf(today)];
  if (!hours.length || rules.closures.some((c) => c.from <= today && today <= c.to)) return 0;
  const opens = wallClockInstant(today, hours[0].opens, timeZone);
  const closes = wallClockInstant(today, hours[hours.length - 1].closes, timeZone) ?? opens;
  if (opens === null || closes === null || now < opens || now >= closes) return 0;

  const setting = await bookingMailSetting(db, content, links);
  if (!setting.salonEmail) return 0;
  const from = wallClockInstant(today, 0, timeZone) ?? opens;
  const to = wallClockInstant(addLocalDays(today, 1), 0, timeZone) ?? closes;
  const claimed = await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("app_meta")
      .values({ key: AGENDA_SENT_KEY, value: "" })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    const claim = await tx
      .updateTable("app_meta")
      .set({ value: today })
      .where("key", "=", AGENDA_SENT_KEY)
      .where("value", "<", today)
      .returning("key")
      .executeTakeFirst();
    if (!claim) return false;
    const rows = await tx
      .selectFrom("bookings")
      .leftJoin("staff", "staff.id", "bookings.staff_id")
      .select([
        "bookings.starts_at",
        "bookings.ends_at",
        "bookings.service",
        "bookings.option_name",
        "bookings.parts",
        "bookings.resource",
        "bookings.staff_id",
        "bookings.price",
        "bookings.duration_minutes",
        "bookings.status",
        "bookings.first_name",
        "bookings.last_name",
        "bookings.phone",
        "bookings.notes",
        "staff.name as staff_name",
      ])
      .where("bookings.kind", "=", "appointment")
      .where("bookings.status", "in", [...HOLDING_STATUSES])
      .where("bookings.starts_at", ">=", new Date(from).toISOString())
      .where("bookings.starts_at", "<", new Date(to).toISOString())
      .orderBy("bookings.starts_at")
      .execute();
    const mail = dailyAgendaMail({
      date: formatInZone(new Date(now), timeZone, "EEEE, MMMM d, yyyy"),
      shortDate: formatInZone(new Date(now), timeZone, "EEE MMM d"),
      appointments: rows.map((row) => ({
        time: `${formatInZone(row.starts_at, timeZone, "h:mm a")} – ${formatInZone(row.ends_at, timeZone, "h:mm a")}`,
        service: serviceTitle(row.service),
        option: bookedOptionLine(row),
        staff: row.staff_name ?? "",
        client: `${row.first_name} ${row.last_name}`.trim(),
        phone: row.phone,
        notes: row.notes,
        status: STATUS_LABELS[row.status],
      })),
      adminUrl: `${links.publicUrl}/admin/bookings${calendarSearch({ view: "day", date: today })}`,
      businessName: setting.businessName,
    });
    await enqueueMail(tx, { to: setting.salonEmail, subject: mail.subject, text: mail.text, html: mail.html });
    return true;
  });
  return claimed ? 1 : 0;
}

/** One round of the salon's timed e-mails: requests that lapse soon, and the daily agenda. */
export async function queueSalonNotices(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  now = Date.now(),
): Promise<number> {
  return (await queueLapseWarnings(db, content, links, now)) + (await queueDailyAgenda(db, content, links, now));
}
