import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { AdminCard, AdminField, AdminTextarea } from "~/components/admin/fields";
import { SearchInput } from "~/components/admin/search-input";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { Button } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { STATUS_LABELS } from "~/lib/booking/calendar";
import { bookingPriceTotal } from "~/lib/booking/menu-prices";
import { bookedOptionLine, bookingOutcome, OUTCOME_LABELS, serviceTitle } from "~/lib/booking/model";
import { historyLine } from "~/lib/clients/history";
import { formatSpent, movesLine, NOTES_MAX, visitsPage } from "~/lib/clients/directory";
import { formatInZone } from "~/lib/dates";
import { formTypeLabel, MAX_SEARCH_LENGTH, STATUS_LABELS as SUBMISSION_STATUS } from "~/lib/submissions";
import { requireStaff } from "~/server/auth/guard.server";
import {
  clientRowCounts,
  clientSubmissions,
  clientVisits,
  clientWaitlist,
  findClient,
  pickClients,
} from "~/server/clients/directory.server";
import { clientTotals } from "~/server/clients/history.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/client";
import { clientAction, clientIdParam, type ClientReply } from "./client.server";

/** /admin/clients/{id} (docs/product.md, Clients): one client's contact, history, notes, merge and erase. */

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.client.name || "Client"} | Admin` }];

const WAITLIST_STATUS: Record<string, string> = {
  waiting: "Waiting",
  offered: "A time is offered",
  booked: "Booked",
  left: "Left the list",
  ended: "Ended",
};

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const client = await findClient(db, clientIdParam(args.params.id));
  if (!client) throw data("This client does not exist. They may have been merged or erased.", { status: 404 });
  const params = new URL(args.request.url).searchParams;
  const { timeZone } = await content.getSettings();
  const now = Date.now();
  const mergeQuery = (params.get("merge") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const [[totals], visits, submissions, waitlist, candidates] = await Promise.all([
    clientTotals(db, [{ email: "", phone: "", clientId: client.id }], timeZone, now),
    clientVisits(db, client.id, visitsPage(params), now),
    clientSubmissions(db, client.id),
    clientWaitlist(db, client.id),
    user.role === "admin" ? pickClients(db, mergeQuery, client.id) : Promise.resolve([]),
  ]);
  const visit = (row: (typeof visits.past)[number]) => {
    const outcome = bookingOutcome({ status: row.status, outcome: row.outcome, endsAt: row.ends_at }, timeZone, now);
    return {
      id: row.id,
      startsAt: row.starts_at,
      when: formatInZone(row.starts_at, timeZone, "EEE, MMM d, yyyy · h:mm a"),
      href: `/admin/bookings?view=day&date=${formatInZone(row.starts_at, timeZone, "yyyy-MM-dd")}&booking=${row.id}`,
      what: `${serviceTitle(row.service)} — ${bookedOptionLine(row)}`,
      price: bookingPriceTotal(row.price),
      status: outcome ? OUTCOME_LABELS[outcome] : STATUS_LABELS[row.status],
    };
  };
  return {
    isAdmin: user.role === "admin",
    client: {
      id: client.id,
      name: client.name,
      email: client.email,
      phone: client.phone,
      notes: client.notes,
      since: formatInZone(client.created_at, timeZone, "MMMM d, yyyy"),
    },
    totals: { ...totals, line: historyLine(totals) },
    upcoming: visits.upcoming.map(visit),
    past: visits.past.map(visit),
    pastTotal: visits.pastTotal,
    visitsPage: visits.page,
    visitsPageCount: visits.pageCount,
    submissions: submissions.map((s) => ({
      id: s.id,
      type: formTypeLabel(s.form_type),
      status: SUBMISSION_STATUS[s.status] ?? s.status,
      when: formatInZone(s.created_at, timeZone, "MMM d, yyyy"),
      summary: (s.message ?? s.service ?? "").slice(0, 120),
    })),
    waitlist: waitlist.map((w) => ({
      id: w.id,
      what: `${serviceTitle(w.service)} — ${w.option_name}`,
      days: w.from_date === w.to_date ? w.from_date : `${w.from_date} to ${w.to_date}`,
      status: WAITLIST_STATUS[w.status] ?? w.status,
    })),
    mergeQuery,
    candidates: await Promise.all(
      candidates.map(async (c) => ({ ...c, moves: movesLine(await clientRowCounts(db, c.id)) })),
    ),
    own: movesLine(await clientRowCounts(db, client.id)),
  };
}

export const action = (args: Route.ActionArgs) => clientAction(args);

type Visit = Route.ComponentProps["loaderData"]["past"][number];

function VisitList({ visits, label }: { visits: Visit[]; label: string }) {
  return (
    <ol className="flex flex-col divide-y divide-border" aria-label={label}>
      {visits.map((v) => (
        <li key={v.id} className="flex flex-col gap-0.5 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4">
          <Link to={v.href} className="font-medium underline-offset-4 hover:underline sm:w-64 sm:shrink-0">
            <time dateTime={v.startsAt}>{v.when}</time>
          </Link>
          <span className="min-w-0 flex-1 break-words">{v.what}</span>
          <span className="text-muted-foreground">
            {v.price ? `${v.price} · ` : ""}
            {v.status}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col gap-1 border border-border bg-surface p-4">
      <dt className="text-xs font-medium tracking-[0.12em] text-muted-foreground uppercase">{label}</dt>
      <dd className="text-2xl tabular-nums">{value}</dd>
    </div>
  );
}

export default function ClientPage({ loaderData }: Route.ComponentProps) {
  const {
    client,
    totals,
    upcoming,
    past,
    pastTotal,
    visitsPage: page,
    visitsPageCount,
    submissions,
    waitlist,
  } = loaderData;
  const reply = useActionData<ClientReply>();
  useReplyToast(reply);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errors = (intent: string) => (reply && !reply.ok && reply.intent === intent ? (reply.fieldErrors ?? {}) : {});
  const failed = (intent: string) => (reply && !reply.ok && reply.intent === intent ? reply.message : null);
  const displayName = client.name || client.email || client.phone;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to="/admin/clients"
          className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to clients
        </Link>
        <div>
          <h2 className="text-3xl break-words">{displayName}</h2>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="client-history">
            {totals.line} · client since {client.since}
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Visits" value={totals.visits} />
        <Stat label="No-shows" value={totals.noShows} />
        <Stat label="Late cancellations" value={totals.lateCancellations} />
        <Stat label="Spent (estimate)" value={formatSpent(totals.spent)} />
      </dl>
      <p className="-mt-3 text-xs text-muted-foreground">
        The estimate adds up the menu prices of completed visits as they were booked; payments are not recorded here.
      </p>

      <AdminCard title="Private notes" description="Formulas, allergies, preferences. Only staff see these.">
        <Form method="post" className="flex flex-col gap-3" aria-label="Private notes">
          <input type="hidden" name="intent" value="notes" />
          <AdminTextarea
            name="notes"
            label="Notes"
            rows={5}
            maxLength={NOTES_MAX}
            defaultValue={client.notes}
            key={client.notes}
            errors={errors("notes").notes}
          />
          <Button type="submit" className="w-fit" disabled={busy("notes")}>
            {busy("notes") ? "Saving..." : "Save notes"}
          </Button>
        </Form>
      </AdminCard>

      <AdminCard title="Contact">
        <Form method="post" noValidate className="flex flex-col gap-4" aria-label="Contact">
          <input type="hidden" name="intent" value="contact" />
          {failed("contact") ? (
            <p role="alert" className="text-sm text-danger">
              {failed("contact")}
            </p>
          ) : null}
          <AdminField name="name" label="Name" required defaultValue={client.name} errors={errors("contact").name} />
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminField
              name="email"
              label="E-mail"
              type="email"
              defaultValue={client.email}
              errors={errors("contact").email}
            />
            <AdminField
              name="phone"
              label="Phone"
              type="tel"
              defaultValue={client.phone}
              errors={errors("contact").phone}
            />
          </div>
          <Button type="submit" variant="outline" className="w-fit" disabled={busy("contact")}>
            {busy("contact") ? "Saving..." : "Save contact"}
          </Button>
        </Form>
      </AdminCard>

      <AdminCard title="Upcoming visits">
        {upcoming.length ? (
          <VisitList visits={upcoming} label="Upcoming visits" />
        ) : (
          <p className="text-sm text-muted-foreground">Nothing booked ahead.</p>
        )}
      </AdminCard>

      <AdminCard title="Past visits" description={pastTotal ? `${pastTotal} in all, newest first.` : undefined}>
        {past.length ? (
          <VisitList visits={past} label="Past visits" />
        ) : (
          <p className="text-sm text-muted-foreground">No past visits.</p>
        )}
        {visitsPageCount > 1 ? (
          <nav aria-label="Past visits pages" className="mt-4 flex gap-3 text-sm">
            {page > 1 ? (
              <Link to={`?visits=${page - 1}`} className="underline underline-offset-4" preventScrollReset>
                Newer
              </Link>
            ) : null}
            <span className="text-muted-foreground">
              Page {page} of {visitsPageCount}
            </span>
            {page < visitsPageCount ? (
              <Link to={`?visits=${page + 1}`} className="underline underline-offset-4" preventScrollReset>
                Older
              </Link>
            ) : null}
          </nav>
        ) : null}
      </AdminCard>

      <AdminCard title="Messages and applications">
        {submissions.length ? (
          <ol className="flex flex-col divide-y divide-border" aria-label="Messages and applications">
            {submissions.map((s) => (
              <li key={s.id} className="flex flex-col gap-0.5 py-3 text-sm">
                <Link to={`/admin/submissions/${s.id}`} className="font-medium underline-offset-4 hover:underline">
                  {s.type}, {s.when}
                </Link>
                <span className="text-muted-foreground">
                  {s.status}
                  {s.summary ? ` · ${s.summary}` : ""}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">No messages or applications.</p>
        )}
      </AdminCard>

      <AdminCard title="Waiting list">
        {waitlist.length ? (
          <ol className="flex flex-col divide-y divide-border" aria-label="Waiting list entries">
            {waitlist.map((w) => (
              <li key={w.id} className="flex flex-col gap-0.5 py-3 text-sm">
                <span className="font-medium">{w.what}</span>
                <span className="text-muted-foreground">
                  {w.days} · {w.status}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">Not on the waiting list.</p>
        )}
        <p className="mt-3 text-sm">
          <Link to="/admin/bookings/waiting-list" className="underline underline-offset-4">
            Open the waiting list
          </Link>
        </p>
      </AdminCard>

      {loaderData.isAdmin ? (
        <>
          <AdminCard
            title="Merge with another client"
            description={`The same person twice? Find the other record: its bookings, messages and waiting-list entries move here, the notes are joined, and the other record is deleted.`}
          >
            <Form
              method="get"
              role="search"
              aria-label="Find a client to merge"
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
            >
              <div className="flex flex-1 flex-col gap-1.5">
                <label htmlFor="merge-q" className="text-sm font-medium">
                  Find the other client
                </label>
                <SearchInput
                  id="merge-q"
                  name="merge"
                  defaultValue={loaderData.mergeQuery}
                  maxLength={MAX_SEARCH_LENGTH}
                  placeholder="Name, email or phone"
                />
              </div>
              <Button type="submit" variant="outline">
                Find
              </Button>
            </Form>
            {failed("merge") ? (
              <p role="alert" className="mt-3 text-sm text-danger">
                {failed("merge")}
              </p>
            ) : null}
            {loaderData.mergeQuery ? (
              loaderData.candidates.length ? (
                <ul className="mt-4 flex flex-col divide-y divide-border" aria-label="Clients to merge">
                  {loaderData.candidates.map((c) => (
                    <li
                      key={c.id}
                      className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="font-medium break-words">{c.name || c.email || c.phone}</p>
                        <p className="break-all text-muted-foreground">
                          {[c.email, c.phone].filter(Boolean).join(" · ")}
                        </p>
                        <p className="text-muted-foreground">{c.moves}</p>
                      </div>
                      <Form method="post">
                        <input type="hidden" name="intent" value="merge" />
                        <input type="hidden" name="other" value={c.id} />
                        <ConfirmSubmit
                          button={
                            <Button type="submit" variant="outline" size="sm" disabled={busy("merge")}>
                              Merge into {displayName}
                            </Button>
                          }
                          title={`Merge ${c.name || "this client"} into ${displayName}?`}
                          description={`${c.moves} move to ${displayName}. The notes are joined, and the other record is deleted. This cannot be undone.`}
                          confirmLabel="Merge"
                        />
                      </Form>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-4 text-sm text-muted-foreground">No other client matches “{loaderData.mergeQuery}”.</p>
              )
            ) : null}
          </AdminCard>

          <AdminCard
            title="Erase this client"
            description="When a client asks to be forgotten. Their appointments keep their times, so the calendar still shows them as taken."
          >
            <Form method="post">
              <input type="hidden" name="intent" value="erase" />
              <ConfirmSubmit
                button={
                  <Button type="submit" variant="destructive" disabled={busy("erase")}>
                    Erase client
                  </Button>
                }
                title={`Erase ${displayName}?`}
                description={`Their appointments keep their times but lose the name, e-mail, phone and notes, and show as “Erased client”. Their messages and applications are deleted, their waiting-list entries are blanked and ended, and this record with its notes is deleted. On record: ${loaderData.own}. This cannot be undone.`}
                confirmLabel="Erase"
              />
            </Form>
            {failed("erase") ? (
              <p role="alert" className="mt-3 text-sm text-danger">
                {failed("erase")}
              </p>
            ) : null}
          </AdminCard>
        </>
      ) : null}
    </div>
  );
}
