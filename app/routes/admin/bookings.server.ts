import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  blockSchema,
  cancelSchema,
  declineSchema,
  moveSchema,
  proposeSchema,
  STAFF_MESSAGES,
  staffBookingSchema,
  staffMoreParts,
  type StaffBookingReply,
  walkInSchema,
} from "~/lib/booking/staff-forms";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { isSecure, requireStaff } from "~/server/auth/guard.server";
import { flashCookie } from "~/server/http/flash.server";
import { calendarSearch } from "~/lib/booking/calendar";
import { localDate, parseLocalDate } from "~/lib/booking/availability";
import { servicesContext } from "~/server/context";
import { BULK_DECLINE_MAX, bulkDeclineMessage, declineSelected } from "~/server/booking/commands/bulk-decline.server";
import { siteBookingLinks } from "~/server/booking/notices/manage-link.server";
import { bookingRefusal } from "~/server/booking/engine/reserve.server";
import {
  blockTime,
  cancelByStaff,
  confirmBooking,
  createByStaff,
  declineBooking,
  proposeTime,
  removeBlock,
  type StaffContext,
} from "~/server/booking/commands/desk-actions.server";
import { moveByStaff } from "~/server/booking/commands/desk-move.server";
import { bookWalkIn } from "~/server/booking/commands/walk-in.server";
import { clearOutcome, recordOutcome } from "~/server/booking/commands/outcomes.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The toast's message, or with the local date whose day the page form goes back to. */
type Handler = (
  ctx: StaffContext,
  form: Record<string, string>,
  formData: FormData,
) => Promise<string | { message: string; date: string }>;

/** The forms that, posted from the page without JavaScript, go back to the calendar (Post/Redirect/Get). */
const PAGE_INTENTS = new Set(["create", "walk-in", "move"]);

class InvalidForm extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(Object.values(fieldErrors)[0]?.[0] ?? STAFF_MESSAGES.invalid);
  }
}

/** The form's values by the schema, or InvalidForm with every field's errors. */
function parse<S extends z.ZodType>(schema: S, form: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw new InvalidForm(fieldErrorsOf(parsed.error));
  return parsed.data;
}

const idSchema = declineSchema.pick({ id: true });

const HANDLERS: Record<string, Handler> = {
  confirm: async (ctx, form) => {
    await confirmBooking(ctx, parse(idSchema, form).id);
    return STAFF_MESSAGES.confirmed;
  },
  decline: async (ctx, form) => {
    const { id, reason } = parse(declineSchema, form);
    await declineBooking(ctx, id, reason);
    return STAFF_MESSAGES.declined;
  },
  propose: async (ctx, form) => {
    const { id, date, time } = parse(proposeSchema, form);
    await proposeTime(ctx, id, date, time);
    return STAFF_MESSAGES.proposed;
  },
  cancel: async (ctx, form) => {
    const { id, reason } = parse(cancelSchema, form);
    await cancelByStaff(ctx, id, reason);
    return STAFF_MESSAGES.cancelled;
  },
  create: async (ctx, form, formData) => {
    const texts = (name: string) => formData.getAll(name).filter((v) => typeof v === "string");
    const more = staffMoreParts(texts("also"), texts("alsoStaff"));
    await createByStaff(ctx, parse(staffBookingSchema, { ...form, ...(more.length ? { more } : {}) }));
    return STAFF_MESSAGES.created;
  },
  block: async (ctx, form) => {
    await blockTime(ctx, parse(blockSchema, form));
    return STAFF_MESSAGES.blocked;
  },
  unblock: async (ctx, form) => {
    await removeBlock(ctx, parse(idSchema, form).id);
    return STAFF_MESSAGES.unblocked;
  },
  "no-show": async (ctx, form) => {
    await recordOutcome(ctx, parse(idSchema, form).id, "no_show");
    return STAFF_MESSAGES.noShow;
  },
  "late-cancellation": async (ctx, form) => {
    await recordOutcome(ctx, parse(idSchema, form).id, "late_cancellation");
    return STAFF_MESSAGES.lateCancellation;
  },
  "clear-outcome": async (ctx, form) => {
    await clearOutcome(ctx, parse(idSchema, form).id);
    return STAFF_MESSAGES.outcomeCleared;
  },
  "walk-in": async (ctx, form) => {
    const colon = (form.choice ?? "").indexOf(":");
    const [service, option] = colon > 0 ? [form.choice.slice(0, colon), form.choice.slice(colon + 1)] : ["", ""];
    const { message, reservation } = await bookWalkIn(ctx, parse(walkInSchema, { ...form, service, option }));
    const { timeZone } = await ctx.content.getSettings();
    return { message, date: localDate(Date.parse(reservation.startsAt), timeZone) };
  },
  move: async (ctx, form) => {
    const input = parse(moveSchema, form);
    await moveByStaff(ctx, input);
    return { message: STAFF_MESSAGES.moved, date: input.date };
  },
  "decline-selected": async (ctx, form) => {
    const ids = (form.ids ?? "")
      .split(",")
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0);
    if (!ids.length || ids.length > BULK_DECLINE_MAX)
      throw new InvalidForm({ ids: [`Select from 1 to ${BULK_DECLINE_MAX} requests to decline.`] });
    return bulkDeclineMessage(await declineSelected(ctx, ids));
  },
};

/**
 * Every action of /admin/bookings (admins and editors): validate, change, answer with a message
 * for the toast. A refusal answers its status and changes nothing.
 */
export async function handleStaffBookingAction(args: Args) {
  const user = await requireStaff(args);
  const services = args.context.get(servicesContext);
  const formData = await args.request.formData();
  const form: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") form[key] = value;
  // The requests selected for a bulk decline: one "ids" field per checkbox.
  form.ids = formData
    .getAll("ids")
    .filter((v) => typeof v === "string")
    .join(",");
  const intent = form.intent ?? "";
  const reply = (status: number, ok: boolean, message: string) =>
    data<StaffBookingReply>({ ok, intent, message }, { status });
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  if (!handler) return reply(400, false, STAFF_MESSAGES.unknown);
  const ctx: StaffContext = {
    db: services.db,
    content: services.content,
    links: siteBookingLinks(services),
    actor: { userId: user.userId, email: user.email },
  };
  // A page form (without JavaScript) goes back to the calendar on success, or shows its values again.
  const fromPage = PAGE_INTENTS.has(intent) && form.from === "page";
  const values = fromPage
    ? [...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string")
    : undefined;
  try {
    const answer = await handler(ctx, form, formData);
    const message = typeof answer === "string" ? answer : answer.message;
    if (fromPage) {
      const asked = typeof answer === "string" ? (form.date ?? "") : answer.date;
      const date = parseLocalDate(asked) ? asked : "";
      return redirect(`/admin/bookings${date ? calendarSearch({ view: "day", date }) : ""}`, {
        headers: { "Set-Cookie": flashCookie({ title: "Success", description: message }, isSecure(args)) },
      });
    }
    return reply(200, true, message);
  } catch (error) {
    const refusal = bookingRefusal(error);
    if (refusal)
      return data<StaffBookingReply>(
        { ok: false, intent, message: refusal.message, values },
        { status: refusal.status },
      );
    if (error instanceof InvalidForm)
      return data<StaffBookingReply>(
        { ok: false, intent, message: error.message, fieldErrors: error.fieldErrors, values },
        { status: 400 },
      );
    services.logger.error({ err: String(error), intent }, "booking action failed");
    return reply(500, false, STAFF_MESSAGES.failed);
  }
}
