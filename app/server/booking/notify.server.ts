import type { Selectable } from "kysely";
import { BOOKING_SERVICES } from "~/content/bookings";
import type { ContentService } from "../content/content.server";
import type { DbOrTx } from "../db/database.server";
import type { BookingsTable } from "../db/schema";
import { enqueueMail } from "../mail/outbox.server";
import { clientBookingMail, type BookingMailEvent } from "./booking-mail.server";
import { manageUrl, type BookingLinks } from "./manage-link.server";
import { getBookingSettings } from "./rules.server";

/** What every e-mail about a booking needs besides the booking, read before its transaction. */
export interface BookingMailSetting {
  links: BookingLinks;
  timeZone: string;
  businessName: string;
  phone: string;
  cutoffHours: number;
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
  };
}

/**
 * Queues the client's e-mail about a change, in the transaction that makes the change: the mail
 * goes out exactly when the change is stored (the outbox sends it, and retries).
 */
export async function queueClientMail(
  tx: DbOrTx,
  setting: BookingMailSetting,
  event: BookingMailEvent,
  row: Selectable<BookingsTable>,
): Promise<void> {
  if (!row.email) return;
  const staff = row.staff_id
    ? await tx.selectFrom("staff").select("name").where("id", "=", row.staff_id).executeTakeFirst()
    : undefined;
  const mail = clientBookingMail({
    event,
    firstName: row.first_name,
    service: BOOKING_SERVICES.find((s) => s.id === row.service)?.title ?? row.service,
    option: row.option_name,
    staff: staff?.name ?? "",
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: setting.timeZone,
    manageUrl: manageUrl(setting.links, row.id, row.manage_key),
    businessName: setting.businessName,
    phone: setting.phone,
    cutoffHours: setting.cutoffHours,
    reason: row.reason,
    requestedStartsAt: row.requested_starts_at,
  });
  await enqueueMail(tx, { to: row.email, subject: mail.subject, text: mail.text, html: mail.html });
}
