import type { Busy } from "~/lib/booking/busy";
import { isFreeFor, localDate, visitSlots, type BookingRules, type VisitSlot } from "~/lib/booking/availability";
import { encodeParts, type Processing } from "~/lib/booking/parts";
import { requestedStaff, type BookingRequest } from "~/lib/booking/booking-request";
import type { ContentService } from "../../content/content.server";
import { nowIso, type Db, type DbOrTx } from "../../db/database.server";
import type { BookingSource, BookingStatus } from "../../db/schema";
import type { ServiceOption } from "~/lib/booking/service-options";
import { findBookableService, notBookableMessage, type BookableService } from "./catalog.server";
import { clientCapRefusal, clientKeys } from "./client-cap.server";
import { noShowsForLimit } from "../../clients/history.server";
import { clientIdFor, existingClientId } from "../../clients/clients.server";
import { manageToken, newManageKey, type BookingLinks } from "../notices/manage-link.server";
import { bookingMailSetting, queueClientMail, queueSalonMail } from "../notices/notify.server";
import {
  busyFor,
  ensureResourceRows,
  lockKeysFor,
  lockResources,
  bookableResources,
  staffRoster,
  type BookableResource,
  type RosterEntry,
} from "./resources.server";
import { BOOKING_REFUSALS, confirmedAtOnce, loadBookingRules } from "../model.server";

const DAY = 24 * 3_600_000;
const MINUTE = 60_000;

/** A booking that cannot be made; `status` is the HTTP status to answer with (nothing was stored). */
export class BookingRefusedError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How every adapter answers a refused booking: the HTTP status and the message to show, or
 * undefined when `error` is no refusal (then it is the adapter's to rethrow).
 */
export function bookingRefusal(error: unknown): { status: 400 | 404 | 409; message: string } | undefined {
  return error instanceof BookingRefusedError ? { status: error.status, message: error.message } : undefined;
}

/** One service of a visit being claimed: who may do it, in order of preference, and its length. */
export interface ClaimPart {
  resources: BookableResource[];
  durationMinutes: number;
  processing?: Processing;
}

export interface TimeClaim {
  rules: BookingRules;
  /** Who may take it, in order of preference. */
  resources: BookableResource[];
  /** The whole length (a visit's: every part's). */
  durationMinutes: number;
  /** The option's processing time, when its person is free for others meanwhile. */
  processing?: Processing;
  /**
   * A visit of several services, back to back in this order, each claimed with the others or not
   * at all; absent: one part, `resources` for `durationMinutes`.
   */
  parts?: ClaimPart[];
  /** Epoch milliseconds. */
  start: number;
  now: number;
  /**
   * "client": every booking rule applies; "desk" (the front desk's walk-ins and moves): the salon's
   * hours, each person's hours, closures and buffers, but no lead time, no booking window and any
   * start on the desk's five-minute grid; "staff": only that nobody is double-booked.
   */
  by: "client" | "desk" | "staff";
  /** A booking being moved or confirmed: its own time does not count as taken. */
  excludeBookingId?: number;
  /** Who does what as read just before (the locks to take first); read here when absent. */
  roster?: RosterEntry[];
}

/** The desk's start times: every five minutes from opening. */
export const DESK_STEP_MINUTES = 5;

/** The rules a front-desk claim ("desk") is checked by: no lead time, no window, the desk's grid. */
export function deskRules(rules: BookingRules): BookingRules {
  return { ...rules, leadMinutes: 0, windowDays: 3660, stepMinutes: DESK_STEP_MINUTES };
}

/**
 * The one place a time is taken: locks the resources' rows, checks the time against the rules and
 * everyone's bookings inside that transaction, and calls `write` with the resource that gets it.
 * Two claims on one chair or person are serialised by the lock, on either database and from any
 * number of server instances, so the second sees the first's booking. A claim on a person also
 * locks the chairs of their services, since an unassigned booking on such a chair holds them (see
 * busyFor): a claim on that chair waits for it too. A visit's parts are claimed together, under
 * the locks of all their people. Throws BookingRefusedError (nothing written) when the time cannot
 * be had. `write` gets the resource of the (first) part and those of every part, in order.
 */
export async function claimTime<T>(
  db: Db,
  claim: TimeClaim,
  write: (tx: DbOrTx, resource: BookableResource, parts: BookableResource[]) => Promise<T>,
): Promise<T> {
  const { rules, start, now } = claim;
  const parts: ClaimPart[] = claim.parts ?? [
    { resources: claim.resources, durationMinutes: claim.durationMinutes, processing: claim.processing },
  ];
  const offsets = parts.map((_, i) => parts.slice(0, i).reduce((sum, p) => sum + p.durationMinutes, 0));
  const end = start + parts.reduce((sum, p) => sum + p.durationMinutes, 0) * MINUTE;
  const bufferMs = rules.bufferMinutes * MINUTE;
  const date = localDate(start, rules.timeZone);
  const ids = [...new Set(parts.flatMap((p) => p.resources.map((r) => r.id)))];

  const slotRules = claim.by === "desk" ? deskRules(rules) : rules;
  const clientSlot = (busy: Busy[]): VisitSlot | undefined => {
    const day = visitSlots({ rules: slotRules, date, parts, busy, now });
    if (day.closed) throw new BookingRefusedError(400, BOOKING_REFUSALS.closed(day.reason));
    return day.slots.find((s) => s.start === start);
  };
  // Whoever comes first in each part's order and is free for it (the staff's claim: no rules but the invariant).
  const staffChoice = (busy: Busy[]): string[] | undefined => {
    const chosen = parts.map(
      (part, i) =>
        part.resources.find((r) =>
          isFreeFor(
            r.id,
            start + offsets[i] * MINUTE,
            part.durationMinutes,
            part.processing,
            busy.filter((b) => b.resourceId === r.id),
            bufferMs,
          ),
        )?.id,
    );
    return chosen.every((id) => id !== undefined) ? (chosen as string[]) : undefined;
  };

  let keys = lockKeysFor(claim.roster ?? (await staffRoster(db)), ids);
  for (let attempt = 0; ; attempt++) {
    await ensureResourceRows(db, keys);
    const locked = keys;
    const result = await db.transaction().execute(async (tx) => {
      await lockResources(tx, locked);
      // Who does what, as it is now that the rows are held: the owner changes it under the same locks.
      const roster = await staffRoster(tx);
      const needed = lockKeysFor(roster, ids);
      if (needed.some((key) => !locked.includes(key))) return { taken: false as const, relock: needed };
      const busy = await busyFor(tx, roster, ids, start - DAY, end + DAY, claim);
      const chosen = claim.by !== "staff" ? clientSlot(busy)?.parts.map((free) => free[0]) : staffChoice(busy);
      if (!chosen) return { taken: true as const };
      const assigned = chosen.map((id, i) => parts[i].resources.find((r) => r.id === id)!);
      return { taken: false as const, relock: null, value: await write(tx, assigned[0], assigned) };
    });
    if (result.taken) break;
    if (result.relock) {
      // Someone's services changed after they were read: lock their new chairs as well and look again.
      if (attempt >= 3) throw new Error("The staff kept changing while a time was claimed");
      keys = [...new Set([...locked, ...result.relock])].sort();
      continue;
    }
    return result.value;
  }

  if (claim.by === "staff" || clientSlot([])) throw new BookingRefusedError(409, BOOKING_REFUSALS.taken);
  if (claim.by === "desk") throw new BookingRefusedError(400, BOOKING_REFUSALS.outsideHours);
  if (start < now + rules.leadMinutes * MINUTE) throw new BookingRefusedError(400, BOOKING_REFUSALS.tooSoon);
  if (date > localDate(now + rules.windowDays * DAY, rules.timeZone))
    throw new BookingRefusedError(400, BOOKING_REFUSALS.tooFar);
  throw new BookingRefusedError(400, BOOKING_REFUSALS.notOffered);
}

const CLAIM_BY_SOURCE: Record<BookingSource, TimeClaim["by"]> = { online: "client", staff: "staff", walk_in: "desk" };

/** A visit's price as shown: its services' prices, "$60 + $45" (the one price of a single service). */
export const visitPrice = (prices: string[]) => prices.filter(Boolean).join(" + ");

export interface Reservation {
  id: number;
  status: BookingStatus;
  /** The signed part of the client's manage link. */
  manageToken: string;
  startsAt: string;
  endsAt: string;
  staffId: number | null;
}

/**
 * Books a real free time for a client (or, `source: "staff"`, for a client on the phone; `"walk_in"`,
 * for one at the desk, by the desk's rules).
 */
export async function reserveBooking(
  db: Db,
  content: ContentService,
  request: BookingRequest,
  options: {
    links: BookingLinks;
    now?: number;
    source?: BookingSource;
    /** Runs in the booking's transaction after it is written (the admin's audit row). */
    onWrite?: (tx: DbOrTx, bookingId: number) => Promise<void>;
  },
): Promise<Reservation> {
  const now = options.now ?? Date.now();
  const source = options.source ?? "online";
  // The visit's services in order: the first, then any the client added.
  const asked = [{ service: request.service, option: request.option, staff: request.staff }, ...(request.more ?? [])];
  const booked: (ClaimPart & { service: BookableService; option: ServiceOption })[] = [];
  // Read once for every part and the first locks; the claim reads it again under the locks.
  const roster = await staffRoster(db);
  for (const part of asked) {
    const service = await findBookableService(content, part.service);
    if (!service) throw new BookingRefusedError(400, BOOKING_REFUSALS.unknownService);
    const option = part.option ? service.options.find((o) => o.name === part.option) : service.options[0];
    if (!option) throw new BookingRefusedError(400, BOOKING_REFUSALS.unknownOption);
    const staffId = requestedStaff(part);
    const resources = bookableResources(roster, service.id, staffId);
    if (resources.length === 0)
      throw new BookingRefusedError(
        400,
        staffId === null ? await notBookableMessage(content, service) : BOOKING_REFUSALS.unknownStaff,
      );
    booked.push({
      service,
      option,
      resources,
      durationMinutes: option.durationMinutes,
      processing: option.processing,
    });
  }
  const [{ service, option }] = booked;
  const durationMinutes = booked.reduce((sum, p) => sum + p.durationMinutes, 0);

  const { rules, settings } = await loadBookingRules(db, content);
  const start = Date.parse(request.start);
  const end = start + durationMinutes * MINUTE;
  const manageKey = newManageKey();
  const mailSetting = await bookingMailSetting(db, content, options.links, settings);
  const status: BookingStatus =
    source !== "online" || confirmedAtOnce(settings.confirmationMode, service.id) ? "confirmed" : "requested";
  const claim: TimeClaim = {
    rules,
    resources: booked[0].resources,
    durationMinutes,
    parts: booked,
    start,
    now,
    by: CLAIM_BY_SOURCE[source],
    roster,
  };
  if (source === "online" && settings.noShowLimit > 0) {
    const clientId = await existingClientId(db, request);
    const [noShows] = await noShowsForLimit(db, [{ ...request, clientId }], rules.timeZone, now);
    if (noShows >= settings.noShowLimit)
      throw new BookingRefusedError(409, BOOKING_REFUSALS.noShows(mailSetting.phone));
  }
  const client = clientKeys(request);
  const cap = {
    max: settings.maxUpcomingPerClient,
    salonPhone: mailSetting.phone,
    now,
    requestExpiryHours: settings.requestExpiryHours,
  };
  const reservation = await claimTime(db, claim, async (tx, resource, assigned) => {
    const overCap = source === "online" ? await clientCapRefusal(tx, client, cap) : null;
    if (overCap) throw new BookingRefusedError(409, overCap);
    const at = nowIso();
    const clientId = await clientIdFor(tx, {
      name: `${request.firstName} ${request.lastName}`,
      email: request.email,
      phone: request.phone,
    });
    const row = await tx
      .insertInto("bookings")
      .values({
        kind: "appointment",
        resource: resource.id,
        staff_id: resource.staffId,
        service: service.id,
        option_name: option.name,
        duration_minutes: durationMinutes,
        price: visitPrice(booked.map((p) => p.option.price)),
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(end).toISOString(),
        parts: encodeParts(
          booked.map((part, i) => ({
            service: part.service.id,
            option: part.option.name,
            price: part.option.price,
            resource: assigned[i].id,
            staffId: assigned[i].staffId,
            offsetMinutes: booked.slice(0, i).reduce((sum, p) => sum + p.durationMinutes, 0),
            durationMinutes: part.durationMinutes,
            ...(part.processing ? { processing: part.processing } : {}),
          })),
        ),
        status,
        requested_starts_at: null,
        first_name: request.firstName,
        last_name: request.lastName,
        email: request.email,
        phone: request.phone,
        notes: request.notes ?? "",
        reason: "",
        manage_key: manageKey,
        source,
        ...client,
        client_id: clientId,
        reminder_sent_at: null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await queueClientMail(tx, mailSetting, status === "confirmed" ? "confirmed" : "requested", row);
    await queueSalonMail(tx, mailSetting, status === "confirmed" ? "booked" : "requested", row);
    await options.onWrite?.(tx, row.id);
    return {
      id: row.id,
      status,
      manageToken: manageToken(options.links.secret, row.id, manageKey),
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      staffId: resource.staffId,
    };
  });
  options.links.onChange?.();
  return reservation;
}

/** A stretch of a person's or a chair's time kept from bookings: time off, a break, a closed chair. */
export interface Block {
  resource: BookableResource;
  /** Epoch milliseconds, [start, end). */
  start: number;
  end: number;
  /** Shown on the calendar; kept where /admin/bookings keeps a block's label. */
  label: string;
}

export interface BlockRow {
  id: number;
  starts_at: string;
  ends_at: string;
  notes: string;
}

/**
 * The one writer of a block row (the front desk's blocks, a person's time off): claims the time
 * through claimTime as staff do (locked, never over a held booking, the buffer kept) and writes the
 * row; `onWrite` runs in the same transaction (the audit line). Throws BookingRefusedError when the
 * time is not free.
 */
export async function claimBlock<T>(
  db: Db,
  claim: { rules: BookingRules; now: number },
  block: Block,
  onWrite: (tx: DbOrTx, row: BlockRow) => Promise<T>,
): Promise<T> {
  const durationMinutes = Math.ceil((block.end - block.start) / MINUTE);
  const timeClaim: TimeClaim = {
    ...claim,
    resources: [block.resource],
    durationMinutes,
    start: block.start,
    by: "staff",
  };
  return claimTime(db, timeClaim, async (tx) => {
    const at = nowIso();
    const row = await tx
      .insertInto("bookings")
      .values({
        kind: "block",
        resource: block.resource.id,
        staff_id: block.resource.staffId,
        service: "",
        option_name: "",
        duration_minutes: durationMinutes,
        price: "",
        starts_at: new Date(block.start).toISOString(),
        ends_at: new Date(block.end).toISOString(),
        status: "confirmed",
        requested_starts_at: null,
        first_name: "",
        last_name: "",
        email: "",
        phone: "",
        notes: block.label,
        reason: "",
        manage_key: newManageKey(),
        source: "staff",
        reminder_sent_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning(["id", "starts_at", "ends_at", "notes"])
      .executeTakeFirstOrThrow();
    return onWrite(tx, row);
  });
}
