import { createHash, randomBytes } from "node:crypto";
import { availableSlots, localDate, type Slot } from "~/lib/booking/availability";
import { requestedStaff, type BookingRequest } from "~/lib/booking/booking-request";
import type { ContentService } from "../content/content.server";
import { nowIso, type Db } from "../db/database.server";
import type { BookingStatus } from "../db/schema";
import { findBookableService } from "./catalog.server";
import { busyBetween, ensureResourceRows, lockResources, resourcesFor } from "./resources.server";
import { loadBookingRules } from "./rules.server";

const DAY = 24 * 3_600_000;

/** A booking that cannot be made; `status` is the HTTP status to answer with (nothing was stored). */
export class BookingRefusedError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

export const BOOKING_REFUSALS = {
  unknownService: "That service cannot be booked online.",
  unknownOption: "Choose one of the service's options.",
  nobody: "No one takes this service online at the moment. Please call us to book.",
  unknownStaff: "That person does not take this service. Choose someone else or “Any available”.",
  closed: (reason: string) => (reason === "Closed" ? "We are closed that day." : `We are closed that day (${reason}).`),
  tooSoon: "That time is too soon to book online. Please choose a later time or call us.",
  tooFar: "That date is too far ahead to book online.",
  notOffered: "That time is not one we offer. Please choose a time from the list.",
  taken: "Sorry, that time was just taken. Please choose another time.",
} as const;

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface Reservation {
  id: number;
  status: BookingStatus;
  /** The secret of the client's manage link; only its hash is stored. */
  manageToken: string;
  startsAt: string;
  endsAt: string;
  staffId: number | null;
}

/**
 * Books a real free time. The rules (hours, closures, lead time, window) and the overlap check are
 * the availability engine's, run inside the transaction that writes the booking after it has locked
 * the chair's or the people's rows: two requests for the last free time cannot both get it, on
 * either database and from any number of server instances.
 */
export async function reserveBooking(
  db: Db,
  content: ContentService,
  request: BookingRequest,
  options: { now?: number; source?: "online" | "staff" } = {},
): Promise<Reservation> {
  const now = options.now ?? Date.now();
  const service = await findBookableService(content, request.service);
  if (!service) throw new BookingRefusedError(400, BOOKING_REFUSALS.unknownService);
  const option = request.option ? service.options.find((o) => o.name === request.option) : service.options[0];
  if (!option) throw new BookingRefusedError(400, BOOKING_REFUSALS.unknownOption);
  const staffId = requestedStaff(request);
  const resources = await resourcesFor(db, service.id, staffId);
  if (resources.length === 0)
    throw new BookingRefusedError(400, staffId === null ? BOOKING_REFUSALS.nobody : BOOKING_REFUSALS.unknownStaff);

  const { rules, settings } = await loadBookingRules(db, content);
  const start = Date.parse(request.start);
  const date = localDate(start, rules.timeZone);
  const keys = resources.map((r) => r.id);
  await ensureResourceRows(db, keys);

  const slotIn = (busy: Parameters<typeof availableSlots>[0]["busy"]): Slot | undefined => {
    const day = availableSlots({ rules, date, durationMinutes: option.durationMinutes, resources, busy, now });
    if (day.closed) throw new BookingRefusedError(400, BOOKING_REFUSALS.closed(day.reason));
    return day.slots.find((s) => s.start === start);
  };

  const manageToken = randomBytes(24).toString("base64url");
  const status: BookingStatus = settings.confirmationMode === "instant" ? "confirmed" : "requested";
  const end = start + option.durationMinutes * 60_000;
  const reservation = await db.transaction().execute(async (tx) => {
    await lockResources(tx, keys);
    const busy = await busyBetween(tx, keys, start - DAY, end + DAY);
    const slot = slotIn(busy);
    if (!slot) return null;
    const resourceId = slot.resources[0];
    const resource = resources.find((r) => r.id === resourceId)!;
    const at = nowIso();
    const row = await tx
      .insertInto("bookings")
      .values({
        kind: "appointment",
        resource: resourceId,
        staff_id: resource.staffId,
        service: service.id,
        option_name: option.name,
        duration_minutes: option.durationMinutes,
        price: option.price,
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(end).toISOString(),
        status,
        requested_starts_at: null,
        first_name: request.firstName,
        last_name: request.lastName,
        email: request.email,
        phone: request.phone,
        notes: request.notes ?? "",
        reason: "",
        manage_token_hash: hashManageToken(manageToken),
        source: options.source ?? "online",
        reminder_sent_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      status,
      manageToken,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      staffId: resource.staffId,
    };
  });
  if (reservation) return reservation;

  // Not free: say why. Without anyone's bookings, would the time be offered?
  if (slotIn([])) throw new BookingRefusedError(409, BOOKING_REFUSALS.taken);
  if (start < now + rules.leadMinutes * 60_000) throw new BookingRefusedError(400, BOOKING_REFUSALS.tooSoon);
  if (date > localDate(now + rules.windowDays * DAY, rules.timeZone))
    throw new BookingRefusedError(400, BOOKING_REFUSALS.tooFar);
  throw new BookingRefusedError(400, BOOKING_REFUSALS.notOffered);
}
