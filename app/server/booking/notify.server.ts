import type { Selectable } from "kysely";
import { BOOKING_SERVICES } from "~/content/bookings";
import type { ContentService } from "../content/content.server";
import type { DbOrTx } from "../db/database.server";
import type { BookingsTable } from "../db/schema";
import { enqueueVisitorMail } from "../mail/recipient-bound.server";
import { clientBookingMail, type BookingMailEvent } from "./booking-mail.server";
import { appointmentCancellation, appointmentInvitation } from "./ical.server";
import { manageUrl, type BookingLinks } from "./manage-link.server";
import { getBookingSettings } from "./rules.server";

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
}

export async function bookingMailSetting(
  db: DbOrTx,
  content: ContentService,
  links: BookingLinks,
): Promise<BookingMailSetting> {
  const [contact, { timeZone }, settings] = await Promise.all([
    content.getPage("contact"),
    content.getSettings(),
    getBookingSettings(db),
  ]);
  return {
    links,
    timeZone,
    businessName: contact.business_name,
    phone: contact.salon_phone,
    cutoffHours: settings.cancellationCutoffHours,
    businessEmail: contact.email,
    address: salonAddress(contact),
  };
}

/** The salon's address on one line, as a calendar's location. */
export function salonAddress(contact: {
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip: string;
}): string {
  const region = [contact.state, contact.zip].filter(Boolean).join(" ");
  return [contact.address_line1, contact.address_line2, contact.city, region].filter(Boolean).join(", ");
}

/**
 * What the e-mail about a change does to the client's calendar: an invitation when it tells a
 * confirmed time or moves one the calendar already holds (a confirmed booking moved back to a
 * request stays there, tentative, at its new time), a cancellation when an event the calendar
 * holds is cancelled, else nothing. `wasConfirmed`: the booking was confirmed before the change.
 */
export function calendarChange(
  event: BookingMailEvent,
  status: BookingsTable["status"],
  wasConfirmed: boolean,
): "invitation" | "cancellation" | null {
  if (event === "confirmed" && status === "confirmed") return "invitation";
  if (event === "moved" && (status === "confirmed" || wasConfirmed)) return "invitation";
  if ((event === "cancelled" || event === "cancelledBySalon") && wasConfirmed) return "cancellation";
  return null;
}

/**
 * Queues the client's e-mail about a change, in the transaction that makes the change: the mail
 * goes out exactly when the change is stored (the outbox sends it, and retries), unless the
 * address had its day's bound of mail (then it is stored as not sent; the change stands). `before` is the
 * booking as it was before the change, when it had one.
 */
export async function queueClientMail(
  tx: DbOrTx,
  setting: BookingMailSetting,
  event: BookingMailEvent,
  row: Selectable<BookingsTable>,
  before?: Pick<Selectable<BookingsTable>, "status">,
): Promise<void> {
  if (!row.email) return;
  const staff = row.staff_id
    ? await tx.selectFrom("staff").select("name").where("id", "=", row.staff_id).executeTakeFirst()
    : undefined;
  const service = BOOKING_SERVICES.find((s) => s.id === row.service)?.title ?? row.service;
  const manage = manageUrl(setting.links, row.id, row.manage_key);
  const mail = clientBookingMail({
    event,
    firstName: row.first_name,
    service,
    option: row.option_name,
    staff: staff?.name ?? "",
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: setting.timeZone,
    manageUrl: manage,
    businessName: setting.businessName,
    phone: setting.phone,
    cutoffHours: setting.cutoffHours,
    reason: row.reason,
    requestedStartsAt: row.requested_starts_at,
  });
  const change = calendarChange(event, row.status, before?.status === "confirmed");
  const calendar = change
    ? clientCalendar(change, setting, row, { service, staff: staff?.name ?? "", manageUrl: manage })
    : null;
  await enqueueVisitorMail(tx, { to: row.email, subject: mail.subject, text: mail.text, html: mail.html, calendar });
}

/** The client's calendar message for the booking's time: "{service} at {business}" at the salon. */
function clientCalendar(
  change: "invitation" | "cancellation",
  setting: BookingMailSetting,
  row: Selectable<BookingsTable>,
  names: { service: string; staff: string; manageUrl: string },
): string {
  const what =
    row.option_name && row.option_name !== names.service ? `${names.service} — ${row.option_name}` : names.service;
  const write = change === "invitation" ? appointmentInvitation : appointmentCancellation;
  return write({
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
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    host: new URL(setting.links.publicUrl).hostname,
    organizer: { name: setting.businessName, email: setting.businessEmail },
    attendee: { name: `${row.first_name} ${row.last_name}`.trim(), email: row.email },
  });
}
