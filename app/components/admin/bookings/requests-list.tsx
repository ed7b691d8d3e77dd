import { CalendarCheck, Mail, Phone } from "lucide-react";
import { useCallback, type ReactNode } from "react";
import { Link } from "react-router";
import { clientName, serviceLine, STATUS_LABELS, type CalendarEntry } from "~/lib/booking/calendar";
import { bookingPriceTotal } from "~/lib/booking/menu-prices";
import { lapsesAt } from "~/lib/booking/model";
import { formatInZone } from "~/lib/dates";
import { timeAgo, timeUntil } from "~/lib/time-ago";
import { telHref } from "~/lib/phone";
import { cn } from "~/lib/utils";
import { FieldError } from "~/components/admin/fields";
import { Button } from "~/components/ui/button";
import { BookingActions } from "./booking-actions";
import { useBookingAction } from "./use-booking-action";

const HEADING_ID = "booking-requests";
/** The bulk decline's form: each request card's checkbox belongs to it (the form attribute). */
const BULK_FORM_ID = "decline-selected";

const when = (iso: string, timeZone: string) => formatInZone(iso, timeZone, "EEE, MMM d · h:mm a");

interface CardFacts {
  timeZone: string;
  /** The instant the page was read at: ages and lapses are judged at it. */
  now: number;
  requestExpiryHours: number;
}

function RequestCard({
  entry,
  history,
  facts: { timeZone, now, requestExpiryHours },
  onDone,
}: {
  entry: CalendarEntry;
  /** The client's history in one line ("3 visits, 1 no-show", "New client"). */
  history: string;
  facts: CardFacts;
  onDone: () => void;
}) {
  const name = clientName(entry) || "Client";
  const date = formatInZone(entry.startsAt, timeZone, "yyyy-MM-dd");
  const lapse = new Date(lapsesAt(entry, requestExpiryHours)).toISOString();
  const price = bookingPriceTotal(entry.price);
  return (
    <li
      className="flex flex-col gap-3 border border-border bg-surface p-4 sm:p-5"
      data-testid="booking-request"
      data-status={entry.status}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="flex items-center gap-3">
          <input
            type="checkbox"
            name="ids"
            value={entry.id}
            form={BULK_FORM_ID}
            aria-label={`Select ${name}'s request`}
            className="size-4 accent-[var(--accent)]"
          />
          <div>
            <h3 className="text-lg">
              <Link
                to={`?view=day&date=${date}&booking=${entry.id}`}
                className="underline-offset-4 hover:underline"
                preventScrollReset
              >
                {name}
              </Link>
            </h3>
            <p className="text-sm text-muted-foreground" data-testid="client-history">
              {entry.clientId ? (
                <Link
                  to={`/admin/clients/${entry.clientId}`}
                  className="underline underline-offset-4 hover:text-foreground"
                  aria-label={`${history}: ${name}'s client page`}
                >
                  {history}
                </Link>
              ) : (
                history
              )}
            </p>
          </div>
        </div>
        <span
          className={cn(
            "text-[0.7rem] font-semibold tracking-[0.12em] uppercase",
            entry.status === "requested" ? "text-accent-strong" : "text-muted-foreground",
          )}
        >
          {STATUS_LABELS[entry.status]}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">Service</dt>
        <dd>{serviceLine(entry)}</dd>
        <dt className="text-muted-foreground">{entry.status === "proposed" ? "Proposed" : "Time"}</dt>
        <dd>
          <time dateTime={entry.startsAt}>{when(entry.startsAt, timeZone)}</time>
          {entry.staff ? ` · with ${entry.staff}` : ""}
        </dd>
        {entry.status === "proposed" && entry.requestedStartsAt ? (
          <>
            <dt className="text-muted-foreground">Asked for</dt>
            <dd>
              <time dateTime={entry.requestedStartsAt}>{when(entry.requestedStartsAt, timeZone)}</time>
            </dd>
          </>
        ) : null}
        {price ? (
          <>
            <dt className="text-muted-foreground">Price</dt>
            <dd>{price}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Asked</dt>
        <dd data-testid="request-age">
          <time dateTime={entry.createdAt} title={when(entry.createdAt, timeZone)}>
            {timeAgo(Date.parse(entry.createdAt), now)}
          </time>
        </dd>
        <dt className="text-muted-foreground">Lapses</dt>
        <dd data-testid="request-lapse">
          <time dateTime={lapse} title={when(lapse, timeZone)}>
            {`${timeUntil(Date.parse(lapse), now)} · ${when(lapse, timeZone)}`}
          </time>
        </dd>
        <dt className="text-muted-foreground">Contact</dt>
        <dd className="flex flex-wrap gap-x-4 gap-y-1">
          {entry.phone ? (
            <a href={telHref(entry.phone)} className="inline-flex items-center gap-1.5 text-accent hover:underline">
              <Phone className="size-3.5" aria-hidden="true" />
              {entry.phone}
            </a>
          ) : null}
          {entry.email ? (
            <a
              href={`mailto:${entry.email}`}
              className="inline-flex items-center gap-1.5 break-all text-accent hover:underline"
            >
              <Mail className="size-3.5" aria-hidden="true" />
              {entry.email}
            </a>
          ) : null}
        </dd>
        {entry.notes ? (
          <>
            <dt className="text-muted-foreground">Notes</dt>
            <dd className="break-words whitespace-pre-line">{entry.notes}</dd>
          </>
        ) : null}
      </dl>
      <BookingActions entry={entry} timeZone={timeZone} now={now} scope="list" onDone={onDone} />
    </li>
  );
}

/**
 * Declines the selected requests at once without e-mailing their clients: for a flood of bookings
 * a script made with made-up or strangers' addresses. Works without JavaScript (a plain post).
 */
function DeclineSelected({ onDone }: { onDone: () => void }) {
  const onReply = useCallback(
    (reply: { ok: boolean }) => {
      if (reply.ok) onDone();
    },
    [onDone],
  );
  const { fetcher, busy, errors } = useBookingAction(BULK_FORM_ID, { onReply });
  return (
    <fetcher.Form
      method="post"
      id={BULK_FORM_ID}
      className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground"
      aria-describedby={errors.ids?.length ? `${BULK_FORM_ID}-error` : undefined}
    >
      <input type="hidden" name="intent" value="decline-selected" />
      <p>Unwanted requests (a flood from made-up addresses)? Tick them and decline them at once, without e-mail.</p>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        Decline selected
      </Button>
      <FieldError id={`${BULK_FORM_ID}-error`} errors={errors.ids} />
    </fetcher.Form>
  );
}

/** The bookings waiting for an answer, at the top of the screen. */
export function RequestsList({
  entries,
  histories,
  waiting,
  proposed,
  pagination,
  ...facts
}: CardFacts & {
  /** This page's cards: requests first, then proposals. */
  entries: CalendarEntry[];
  /** Each entry's client history, in the entries' order. */
  histories: string[];
  /** How many requests wait for an answer, and proposals for the client, on every page. */
  waiting: number;
  proposed: number;
  /** Links to the other pages of cards (nothing when they fit on one). */
  pagination: ReactNode;
}) {
  // An answered card leaves the list: the focus goes to the list's heading, not to the page's top.
  const onDone = useCallback(() => document.getElementById(HEADING_ID)?.focus(), []);
  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 id={HEADING_ID} tabIndex={-1} className="text-2xl focus:outline-none">
          Requests
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="requests-summary">
          {waiting === 0
            ? "No requests wait for an answer."
            : `${waiting} ${waiting === 1 ? "request waits" : "requests wait"} for an answer.`}
          {proposed ? ` ${proposed} proposed ${proposed === 1 ? "time waits" : "times wait"} for the client.` : ""}
        </p>
      </div>
      {entries.length ? <DeclineSelected onDone={onDone} /> : null}
      {entries.length ? (
        <ol className="grid gap-4 xl:grid-cols-2" aria-label="Requests and proposals">
          {entries.map((entry, i) => (
            <RequestCard key={entry.id} entry={entry} history={histories[i]} facts={facts} onDone={onDone} />
          ))}
        </ol>
      ) : null}
      {entries.length ? (
        pagination
      ) : (
        <div className="flex items-center gap-3 border border-dashed border-border bg-surface px-5 py-6 text-sm text-muted-foreground">
          <CalendarCheck className="size-5 shrink-0 text-accent" aria-hidden="true" />
          All caught up: new online requests appear here.
        </div>
      )}
    </section>
  );
}
