import { parseStaffForm, parseTimeOffForm, STAFF_MESSAGES, type StaffReply } from "~/lib/booking/staff";
import type { SessionUser } from "~/server/auth/session.server";
import type { AppServices } from "~/server/app-services";
import { bookingRefusal } from "~/server/booking/engine/reserve.server";
import { changeHours, loadBookingRules } from "~/server/booking/model.server";
import type { BookingLinks } from "~/server/booking/notices/manage-link.server";
import {
  addTimeOff,
  assignUnassignedBookings,
  createStaff,
  deleteStaff,
  moveStaff,
  regenerateCalendarToken,
  removeTimeOff,
  setStaffActive,
  updateStaff,
  upcomingAppointments,
} from "~/server/booking/people/staff.server";

export type { StaffReply };

const STAFF_INTENTS = [
  "create",
  "update",
  "activate",
  "deactivate",
  "delete",
  "move-up",
  "move-down",
  "regenerate-token",
  "add-time-off",
  "remove-time-off",
  "assign-bookings",
] as const;

type Answer = { status: number; reply: StaffReply };

const refused = (intent: string, status: number, message: string, fieldErrors?: Record<string, string[]>): Answer => ({
  status,
  reply: { intent, ok: false, message, fieldErrors },
});

/**
 * Every change of /admin/staff and /admin/staff/{id}, by the form's `intent`. Admins only: the
 * route's guard checks the role before this runs. `staffId` is the edited person (from the URL, or
 * the form's `id` on the list).
 */
export async function handleStaffAction(
  services: Pick<AppServices, "db" | "content"> & { links?: Pick<BookingLinks, "onChange"> },
  user: Pick<SessionUser, "userId" | "email">,
  form: FormData,
  staffId: number | null,
  now = Date.now(),
): Promise<Answer> {
  const { db, content } = services;
  const intent = String(form.get("intent") ?? "");
  // The staff commands announce their change themselves (links.onChange).
  const actor = { userId: user.userId, email: user.email, onChange: services.links?.onChange };
  if (!(STAFF_INTENTS as readonly string[]).includes(intent)) return refused(intent, 400, "Unknown action.");
  const id = staffId ?? Number(form.get("id"));
  const ok = (message: string, extra: Partial<StaffReply> = {}): Answer => ({
    status: 200,
    reply: { intent, ok: true, message, ...extra },
  });
  try {
    switch (intent) {
      case "create":
      case "update": {
        const { rules } = await loadBookingRules(db, content);
        const parsed = parseStaffForm(form, rules.hours);
        if (!parsed.ok) return refused(intent, 400, STAFF_MESSAGES.invalid, parsed.errors);
        if (intent === "create") {
          const member = await createStaff(db, actor, parsed.value);
          return ok(STAFF_MESSAGES.created(member.name), { id: member.id });
        }
        const { value: member, notice } = await changeHours(
          services,
          () => updateStaff(db, actor, id, parsed.value, now),
          { where: "outside their new working hours", now },
        );
        return ok(STAFF_MESSAGES.updated(member.name), notice ? { notice } : {});
      }
      case "activate":
        return ok(STAFF_MESSAGES.activated((await setStaffActive(db, actor, id, true, now)).name));
      case "deactivate": {
        const member = await setStaffActive(db, actor, id, false, now);
        const upcoming = await upcomingAppointments(db, id, now);
        return ok(
          upcoming.count
            ? STAFF_MESSAGES.deactivatedWithBookings(member.name, upcoming.count, upcoming.first)
            : STAFF_MESSAGES.deactivated(member.name),
        );
      }
      case "assign-bookings": {
        const result = await assignUnassignedBookings(db, content, actor, id, now);
        const { name } = result.member;
        // Some assigned: a change, said with what was not; none: a refusal.
        if (result.refused.length) {
          const message = STAFF_MESSAGES.notAssigned(name, result.assigned, result.refused);
          return result.assigned ? ok(message) : refused(intent, 409, message);
        }
        return ok(STAFF_MESSAGES.assigned(name, result.assigned));
      }
      case "delete":
        return ok(STAFF_MESSAGES.deleted((await deleteStaff(db, actor, id)).name));
      case "move-up":
      case "move-down":
        await moveStaff(db, actor, id, intent === "move-up" ? -1 : 1);
        return ok(STAFF_MESSAGES.moved);
      case "regenerate-token":
        return ok(STAFF_MESSAGES.tokenRegenerated((await regenerateCalendarToken(db, actor, id)).name));
      case "add-time-off": {
        const { timeZone } = await content.getSettings();
        const period = parseTimeOffForm(form, timeZone);
        if (!period.ok) return refused(intent, 400, STAFF_MESSAGES.invalid, period.errors);
        await addTimeOff(db, content, actor, id, period, now);
        const member = await db.selectFrom("staff").select("name").where("id", "=", id).executeTakeFirstOrThrow();
        return ok(STAFF_MESSAGES.timeOffAdded(member.name));
      }
      case "remove-time-off": {
        await removeTimeOff(db, actor, id, Number(form.get("timeOffId")));
        const member = await db.selectFrom("staff").select("name").where("id", "=", id).executeTakeFirstOrThrow();
        return ok(STAFF_MESSAGES.timeOffRemoved(member.name));
      }
    }
  } catch (error) {
    const refusal = bookingRefusal(error);
    if (!refusal) throw error;
    return refused(intent, refusal.status, refusal.message);
  }
  return refused(intent, 400, "Unknown action.");
}
