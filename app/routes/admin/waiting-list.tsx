import { data, Form, Link, useActionData } from "react-router";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { AdminCard, AdminField } from "~/components/admin/fields";
import { localDate, wallClockInstant } from "~/lib/booking/availability";
import { dateField, minutesOf, timeField } from "~/lib/booking/staff-forms";
import { DAY_PART_LABELS, WAITLIST_DESK_MESSAGES } from "~/lib/booking/waitlist";
import { formatInZone, timeZoneName } from "~/lib/dates";
import { pageParam } from "~/lib/paging";
import { requireStaff } from "~/server/auth/guard.server";
import { siteBookingLinks } from "~/server/booking/notices/manage-link.server";
import { bookingRefusal } from "~/server/booking/engine/reserve.server";
import { listWaitlist, offerTimeByHand, removeEntry } from "~/server/booking/waitlist/waitlist.server";
import { servicesContext } from "~/server/context";
import { readForm } from "~/server/http/read-form.server";
import type { Route } from "./+types/waiting-list";

export const meta: Route.MetaFunction = () => [{ title: "Waiting list | Admin" }];

/** /admin/bookings/waiting-list: who waits for a time, what suits them, what they were offered; remove an entry. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const page = pageParam(new URL(args.request.url).searchParams.get("page"));
  const [list, { timeZone }] = await Promise.all([listWaitlist(db, content, page), content.getSettings()]);
  return { ...list, timeZone, zoneName: timeZoneName(timeZone), today: localDate(Date.now(), timeZone) };
}

/** A time the admin typed for an entry, as the instant on the salon's clock, or why not. */
async function offeredStart(form: FormData, timeZone: string): Promise<number | { field: string; message: string }> {
  const date = dateField.safeParse(form.get("date") ?? "");
  if (!date.success) return { field: "date", message: date.error.issues[0].message };
  const time = timeField().safeParse(form.get("time") ?? "");
  if (!time.success) return { field: "time", message: time.error.issues[0].message };
  return (
    wallClockInstant(date.data, minutesOf(time.data), timeZone) ?? {
      field: "time",
      message: WAITLIST_DESK_MESSAGES.noTime,
    }
  );
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const services = args.context.get(servicesContext);
  const form = await readForm(args.request);
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  const actor = { userId: user.userId, email: user.email };
  const links = siteBookingLinks(services);
  if ((intent !== "remove" && intent !== "offer") || !Number.isInteger(id))
    return data({ ok: false, message: "Unknown action." }, { status: 400 });
  if (intent === "offer") {
    const { timeZone } = await services.content.getSettings();
    const start = await offeredStart(form, timeZone);
    if (typeof start !== "number")
      return data(
        { ok: false, id, message: start.message, fieldErrors: { [start.field]: [start.message] } },
        { status: 400 },
      );
    try {
      await offerTimeByHand(services.db, services.content, links, actor, id, start);
      return { ok: true, id, message: WAITLIST_DESK_MESSAGES.offered };
    } catch (error) {
      const refusal = bookingRefusal(error);
      if (!refusal) throw error;
      return data({ ok: false, id, message: refusal.message }, { status: refusal.status });
    }
  }
  const removed = await removeEntry(services.db, links, actor, id);
  return removed
    ? { ok: true, message: "Removed from the waiting list." }
    : data({ ok: false, message: "That entry is no longer on the waiting list." }, { status: 409 });
}

const STATUS: Record<string, string> = {
  waiting: "Waiting",
  offered: "A time is held for them",
  booked: "Booked",
  left: "Left the list",
  ended: "Past their last day",
};

const OFFER_STATUS: Record<string, string> = {
  taken: "taken",
  declined: "declined",
  lapsed: "lapsed",
};

const day = (date: string) => formatInZone(`${date}T12:00:00Z`, "UTC", "EEE MMM d");

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

/**
 * "Offer a time": the salon holds a time that fits the entry's wishes for them by hand, with the
 * same e-mail and hold as the automatic offer. Asks first; without JavaScript it posts at once.
 */
function OfferTimeForm({
  entry,
  today,
  errors,
}: {
  entry: Entry;
  today: string;
  errors?: { message: string; fieldErrors?: Record<string, string[]> };
}) {
  const first = entry.fromDate > today ? entry.fromDate : today;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={`Offer ${entry.name} a time`}>
      <input type="hidden" name="intent" value="offer" />
      <input type="hidden" name="id" value={entry.id} />
      <AdminField
        label="Date"
        name="date"
        type="date"
        min={first}
        max={entry.toDate}
        defaultValue={first}
        required
        errors={errors?.fieldErrors?.date}
        className="w-40"
      />
      <AdminField
        label="Time"
        name="time"
        type="time"
        step={300}
        required
        errors={errors?.fieldErrors?.time}
        className="w-32"
      />
      <ConfirmSubmit
        button={
          <Button type="submit" size="sm">
            Offer this time
          </Button>
        }
        title={`Offer ${entry.name} this time?`}
        description="It is held for them and they are e-mailed a link to take or decline it, as when a time frees up."
        confirmLabel="Offer and e-mail"
      />
    </Form>
  );
}

export default function WaitingList({ loaderData }: Route.ComponentProps) {
  const { entries, page, pageCount, total, timeZone, zoneName, today } = loaderData;
  const reply = useActionData<typeof action>();
  useReplyToast(reply);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <p>
        <Link to="/admin/bookings" className="text-sm text-muted-foreground underline underline-offset-4">
          ← Bookings
        </Link>
      </p>
      <AdminCard
        title="Waiting list"
        description={`${total} ${total === 1 ? "entry" : "entries"}: those waiting first in line first, then the rest, latest first. When a time that fits frees up, the first whose wishes fit is e-mailed a link that holds it for them; you may also offer a waiting client a time yourself. Times in ${zoneName}.`}
      >
        {reply && !reply.ok ? (
          <p role="alert" className="mb-4 text-sm text-danger">
            {reply.message}
          </p>
        ) : null}
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody is on the waiting list.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border" data-testid="waiting-list">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:gap-6">
                <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                  <p className="text-base font-medium">
                    {entry.name}{" "}
                    <span className="text-sm font-normal text-muted-foreground">
                      · {STATUS[entry.status] ?? entry.status}
                    </span>
                  </p>
                  <p>
                    {entry.service}
                    {entry.option && entry.option !== entry.service ? ` — ${entry.option}` : ""}
                    {entry.staff ? ` · with ${entry.staff}` : " · with anyone"}
                  </p>
                  <p className="text-muted-foreground">
                    {entry.fromDate === entry.toDate
                      ? day(entry.fromDate)
                      : `${day(entry.fromDate)} – ${day(entry.toDate)}`}
                    {" · "}
                    {entry.dayParts.map((p) => DAY_PART_LABELS[p]).join(", ")}
                  </p>
                  <p className="text-muted-foreground">
                    <a href={`mailto:${entry.email}`} className="underline underline-offset-4">
                      {entry.email}
                    </a>{" "}
                    · {entry.phone} · since {formatInZone(entry.createdAt, timeZone, "MMM d, h:mm a")}
                  </p>
                  {entry.offers.length > 0 && (
                    <p className="text-muted-foreground">
                      Offered:{" "}
                      {entry.offers
                        .map(
                          (o) =>
                            `${formatInZone(o.startsAt, timeZone, "EEE MMM d, h:mm a")} (${
                              o.status === "open"
                                ? `held until ${formatInZone(o.expiresAt, timeZone, "h:mm a")}`
                                : OFFER_STATUS[o.status]
                            })`,
                        )
                        .join("; ")}
                    </p>
                  )}
                </div>
                <div className="flex flex-col gap-3 sm:items-end">
                  {entry.status === "waiting" ? (
                    <OfferTimeForm
                      entry={entry}
                      today={today}
                      errors={reply && !reply.ok && "id" in reply && reply.id === entry.id ? reply : undefined}
                    />
                  ) : null}
                  {entry.status === "waiting" || entry.status === "offered" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="id" value={entry.id} />
                      <ConfirmSubmit
                        button={
                          <Button type="submit" variant="outline" size="sm">
                            Remove
                          </Button>
                        }
                        title={`Remove ${entry.name} from the waiting list?`}
                        description="They are not e-mailed about new times any more; a time held for them is freed."
                        confirmLabel="Remove"
                      />
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-6">
          <Pagination
            page={page}
            pageCount={pageCount}
            href={(p) => (p > 1 ? `/admin/bookings/waiting-list?page=${p}` : "/admin/bookings/waiting-list")}
          />
        </div>
      </AdminCard>
    </div>
  );
}
