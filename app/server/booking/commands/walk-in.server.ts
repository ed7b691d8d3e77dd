import { dayClock, localDate, visitSlots } from "~/lib/booking/availability";
import { STAFF_MESSAGES, type WalkInInput } from "~/lib/booking/staff-forms";
import { formatInZone } from "~/lib/dates";
import { audit } from "../../audit/audit.server";
import type { StaffContext } from "./desk-actions.server";
import { findBookableService } from "../engine/catalog.server";
import { BookingRefusedError, deskRules, reserveBooking, type Reservation } from "../engine/reserve.server";
import { bookableResources, busyFor, staffRoster } from "../engine/resources.server";
import { BOOKING_REFUSALS, loadBookingRules, serviceTitle } from "../model.server";

/** The name a walk-in is booked under when the desk gives none. */
export const WALK_IN_NAME = "Walk-in";

/**
 * The next start from `now` today (the salon's zone) at which the option fits, by the desk's rules
 * (null: none), with the option's name.
 */
async function nextFreeToday(
  ctx: StaffContext,
  input: WalkInInput,
  now: number,
): Promise<{ start: number | null; option: string }> {
  const service = await findBookableService(ctx.content, input.service);
  if (!service) throw new BookingRefusedError(400, BOOKING_REFUSALS.unknownService);
  const option = input.option ? service.options.find((o) => o.name === input.option) : service.options[0];
  if (!option) throw new BookingRefusedError(400, BOOKING_REFUSALS.unknownOption);
  const roster = await staffRoster(ctx.db);
  const staffId = typeof input.staff === "number" ? input.staff : null;
  const resources = bookableResources(roster, service.id, staffId);
  if (resources.length === 0) throw new BookingRefusedError(400, BOOKING_REFUSALS.unknownStaff);
  const { rules } = await loadBookingRules(ctx.db, ctx.content);
  const date = localDate(now, rules.timeZone);
  const clock = dayClock(date, rules.timeZone);
  const busy = await busyFor(
    ctx.db,
    roster,
    resources.map((r) => r.id),
    now - 24 * 3_600_000,
    (clock.end ?? now) + 24 * 3_600_000,
    { rules },
  );
  const parts = [{ durationMinutes: option.durationMinutes, processing: option.processing, resources }];
  const day = visitSlots({ rules: deskRules(rules), date, parts, busy, now, clock });
  return { start: day.slots[0]?.start ?? null, option: option.name };
}

/**
 * A client who walks in: the chosen option at the next free time today from now, with the chosen
 * person or whoever is free first, confirmed at once through the same claim as every booking (by
 * the desk's rules) with source "walk_in". A time taken between the look and the claim is looked
 * for again; nothing free today refuses and books nothing. Answers the booking and the toast's words.
 */
export async function bookWalkIn(
  ctx: StaffContext,
  input: WalkInInput,
): Promise<{ reservation: Reservation; message: string }> {
  const { timeZone } = await ctx.content.getSettings();
  for (let attempt = 0; ; attempt++) {
    const now = ctx.now ?? Date.now();
    const { start, option } = await nextFreeToday(ctx, input, now);
    if (start === null) throw new BookingRefusedError(409, STAFF_MESSAGES.walkInNone);
    const firstName = input.firstName || (input.lastName ? "" : WALK_IN_NAME);
    const request = {
      service: input.service,
      option,
      start: new Date(start).toISOString(),
      staff: input.staff,
      firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      notes: undefined,
      agreeToTerms: true as const,
    };
    try {
      const reservation = await reserveBooking(ctx.db, ctx.content, request, {
        links: ctx.links,
        now,
        source: "walk_in",
        onWrite: (tx, bookingId) =>
          audit(
            tx,
            ctx.actor,
            "booked a walk-in",
            `${`${firstName} ${input.lastName}`.trim()}, ${serviceTitle(input.service)}, ${formatInZone(new Date(start), timeZone, "EEE MMM d h:mm a")}`,
            { id: bookingId },
          ),
      });
      const person = (await staffRoster(ctx.db)).find((s) => s.id === reservation.staffId)?.name ?? "";
      const time = formatInZone(new Date(start), timeZone, "h:mm a");
      return { reservation, message: STAFF_MESSAGES.walkInBooked(option, person, time) };
    } catch (error) {
      // Taken by someone else since it was found: look again (a few times, then say so).
      if (attempt < 2 && error instanceof BookingRefusedError && error.message === BOOKING_REFUSALS.taken) continue;
      if (error instanceof BookingRefusedError && error.message === BOOKING_REFUSALS.taken)
        throw new BookingRefusedError(409, STAFF_MESSAGES.taken);
      throw error;
    }
  }
}
