import { localDate } from "~/lib/booking/availability";
import { BOOKING_SETTING_KEYS, type BookingSettings } from "~/lib/booking/settings";
import { checkBookingSettings, checkClosure, closureDates } from "~/lib/booking/settings-form";
import type { FieldErrors } from "~/lib/forms/field-errors";
import { audit } from "~/server/audit/audit.server";
import type { SessionUser } from "~/server/auth/session.server";
import type { ContentService } from "~/server/content/content.server";
import { nowIso, type Db, type DbOrTx } from "~/server/db/database.server";
import {
  calendarFeedUrl,
  regenerateSalonCalendarToken,
  salonCalendarToken,
} from "~/server/booking/notices/calendar-feed.server";
import {
  getBookingSettings,
  HOLDING_STATUSES,
  keptBookingsNote,
  saveBookingSettings,
} from "~/server/booking/model.server";

/** What /admin/bookings/settings shows. */
export interface BookingSettingsScreen {
  settings: BookingSettings;
  closures: { id: number; from: string; to: string; label: string }[];
  feedUrl: string;
  today: string;
}

export async function loadBookingSettingsScreen(
  db: Db,
  content: ContentService,
  publicUrl: string,
  now = Date.now(),
): Promise<BookingSettingsScreen> {
  const [{ timeZone }, settings, token] = await Promise.all([
    content.getSettings(),
    getBookingSettings(db),
    salonCalendarToken(db),
  ]);
  const today = localDate(now, timeZone);
  // Past closures no longer matter to anyone: the list shows those still to come or under way.
  const closures = await db
    .selectFrom("booking_closures")
    .select(["id", "from_date", "to_date", "label"])
    .where("to_date", ">=", today)
    .orderBy("from_date")
    .orderBy("id")
    .execute();
  return {
    settings,
    closures: closures.map((c) => ({ id: c.id, from: c.from_date, to: c.to_date, label: c.label })),
    feedUrl: calendarFeedUrl(publicUrl, token),
    today,
  };
}

export interface BookingSettingsReply {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors?: FieldErrors;
  notice?: string;
}

const CORRECT = "Please correct the highlighted fields.";

/** How many booked appointments fall on the salon's dates from … to. */
async function bookedOn(db: DbOrTx, from: string, to: string, timeZone: string): Promise<number> {
  // Every instant of a local date lies within a day of that date's UTC midnight.
  const rows = await db
    .selectFrom("bookings")
    .select("starts_at")
    .where("kind", "=", "appointment")
    .where("status", "in", [...HOLDING_STATUSES])
    .where("starts_at", ">=", new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString())
    .where("starts_at", "<", new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000).toISOString())
    .execute();
  return rows.filter((r) => {
    const date = localDate(Date.parse(r.starts_at), timeZone);
    return from <= date && date <= to;
  }).length;
}

/**
 * The booking settings screen's forms, by intent: the settings, a closure added or removed, and a
 * new salon feed URL. Admins only. Every change writes an audit row in its transaction.
 */
export async function handleBookingSettingsAction(
  services: { db: Db; content: ContentService },
  user: Pick<SessionUser, "userId" | "email" | "role">,
  form: FormData,
  now = Date.now(),
): Promise<{ status: number; reply: BookingSettingsReply }> {
  const { db, content } = services;
  const intent = String(form.get("intent") ?? "");
  if (user.role !== "admin")
    return { status: 403, reply: { intent, ok: false, message: "Only an admin can do this." } };
  const actor = { userId: user.userId, email: user.email };
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };

  switch (intent) {
    case "settings": {
      const values = Object.fromEntries(Object.keys(BOOKING_SETTING_KEYS).map((k) => [k, text(k)]));
      const checked = checkBookingSettings(values);
      if (!checked.success)
        return { status: 400, reply: { intent, ok: false, message: CORRECT, fieldErrors: checked.fieldErrors } };
      const before = await getBookingSettings(db);
      const changed = (Object.keys(checked.data) as (keyof BookingSettings)[]).filter(
        (k) => checked.data[k] !== before[k],
      );
      await db.transaction().execute(async (tx) => {
        await saveBookingSettings(tx, checked.data, user.userId);
        await audit(tx, actor, "updated the booking settings", "Booking settings", { changed });
      });
      return { status: 200, reply: { intent, ok: true, message: "Booking settings updated successfully" } };
    }
    case "add-closure": {
      const { timeZone } = await content.getSettings();
      const checked = checkClosure(
        { from: text("from"), to: text("to"), label: text("label") },
        localDate(now, timeZone),
      );
      if (!checked.success)
        return { status: 400, reply: { intent, ok: false, message: CORRECT, fieldErrors: checked.fieldErrors } };
      const { from, to, label } = checked.data;
      const dates = closureDates(from, to);
      const booked = await db.transaction().execute(async (tx) => {
        await tx
          .insertInto("booking_closures")
          .values({ from_date: from, to_date: to, label, created_at: nowIso() })
          .execute();
        await audit(tx, actor, `added the closure ${dates}${label ? ` (${label})` : ""}`, "Booking settings");
        return bookedOn(tx, from, to, timeZone);
      });
      const message = `Closed ${dates}: no online bookings.`;
      if (booked === 0) return { status: 200, reply: { intent, ok: true, message } };
      const notice = keptBookingsNote(booked, from === to ? "still on that day" : "still on those days");
      return { status: 200, reply: { intent, ok: true, message, notice } };
    }
    case "remove-closure": {
      const id = Number(text("id"));
      const removed = Number.isInteger(id)
        ? await db.transaction().execute(async (tx) => {
            const row = await tx
              .deleteFrom("booking_closures")
              .where("id", "=", id)
              .returning(["from_date", "to_date", "label"])
              .executeTakeFirst();
            if (row) {
              const what = `${closureDates(row.from_date, row.to_date)}${row.label ? ` (${row.label})` : ""}`;
              await audit(tx, actor, `removed the closure ${what}`, "Booking settings");
            }
            return row;
          })
        : undefined;
      if (!removed) return { status: 404, reply: { intent, ok: false, message: "That closure was already removed." } };
      return {
        status: 200,
        reply: { intent, ok: true, message: `Open again ${closureDates(removed.from_date, removed.to_date)}` },
      };
    }
    case "regenerate-feed": {
      await db.transaction().execute(async (tx) => {
        await regenerateSalonCalendarToken(tx, user.userId);
        await audit(tx, actor, "made a new calendar feed URL (the old one stopped working)", "Booking settings");
      });
      return {
        status: 200,
        reply: { intent, ok: true, message: "New calendar feed URL made. The old one no longer works." },
      };
    }
    default:
      return { status: 400, reply: { intent, ok: false, message: "Unknown action" } };
  }
}
