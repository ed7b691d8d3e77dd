import { useCallback, useRef } from "react";
import { MoveRight } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { Dialog, DialogWindow } from "~/components/ui/dialog";
import { clientName, serviceLine, STATUS_LABELS, type CalendarEntry } from "~/lib/booking/calendar";
import { bookingPriceTotal } from "~/lib/booking/menu-prices";
import { BOOKING_SOURCE_LABELS, bookingOutcome, OUTCOME_LABELS } from "~/lib/booking/model";
import { formatInZone } from "~/lib/dates";
import { telHref } from "~/lib/phone";
import { BookingActions } from "./booking-actions";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/** The details of the booking or block opened from the calendar (?booking=ID), with its actions. */
export function BookingDetails({
  entry,
  resourceName,
  timeZone,
  now,
  closeHref,
  moveHref,
}: {
  entry: CalendarEntry | null;
  resourceName: string;
  timeZone: string;
  now: number;
  closeHref: string;
  /** The Move form's address, for a booking that may be moved. */
  moveHref?: string;
}) {
  const navigate = useNavigate();
  // Move opens its form above the calendar: the focus goes there, not back to the calendar entry.
  const moving = useRef(false);
  const close = useCallback(() => navigate(closeHref, { preventScrollReset: true }), [navigate, closeHref]);
  const onDone = useCallback(() => {
    if (entry?.kind === "block") close();
  }, [entry?.kind, close]);
  if (!entry) return null;
  const block = entry.kind === "block";
  const day = formatInZone(entry.startsAt, timeZone, "EEEE, MMMM d, yyyy");
  const time = `${formatInZone(entry.startsAt, timeZone, "h:mm a")} – ${formatInZone(entry.endsAt, timeZone, "h:mm a")}`;
  const title = block ? "Blocked time" : clientName(entry) || "Client";
  const outcome = block ? null : bookingOutcome(entry, timeZone, now);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogWindow
        data-testid="booking-details"
        onCloseAutoFocus={(event) => {
          if (moving.current) event.preventDefault();
        }}
        title={title}
        description={
          <>
            {block ? entry.notes || entry.reason || "No label" : serviceLine(entry)} · {STATUS_LABELS[entry.status]}
          </>
        }
        bodyClassName="flex flex-col gap-5"
      >
        <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-2 text-sm">
          <Row label="Date">{day}</Row>
          <Row label="Time">{time}</Row>
          {resourceName ? (
            <Row label={entry.resource.startsWith("staff:") ? "With" : "Chair"}>{resourceName}</Row>
          ) : null}
          {!block ? (
            <>
              <Row label="Service">{serviceLine(entry)}</Row>
              {entry.visit ? (
                <Row label="Visit">
                  <ol className="flex flex-col gap-1" data-testid="visit-parts">
                    {entry.visit.map((part) => (
                      <li key={part.startsAt}>
                        {formatInZone(part.startsAt, timeZone, "h:mm a")} · {serviceLine(part)}
                        {part.staff ? ` · ${part.staff}` : ""}
                        {part.processing ? (
                          <span className="text-muted-foreground">
                            {` · processing ${formatInZone(part.processing.startsAt, timeZone, "h:mm")}–${formatInZone(part.processing.endsAt, timeZone, "h:mm a")}`}
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </Row>
              ) : null}
              {entry.price ? <Row label="Price">{bookingPriceTotal(entry.price)}</Row> : null}
              <Row label="Status">{STATUS_LABELS[entry.status]}</Row>
              {outcome ? (
                <Row label="Outcome">
                  <span data-testid="booking-outcome">{OUTCOME_LABELS[outcome]}</span>
                </Row>
              ) : null}
              {entry.requestedStartsAt ? (
                <Row label="Asked for">{formatInZone(entry.requestedStartsAt, timeZone, "EEE, MMM d · h:mm a")}</Row>
              ) : null}
              <Row label="Phone">
                {entry.phone ? (
                  <a href={telHref(entry.phone)} className="text-accent hover:underline">
                    {entry.phone}
                  </a>
                ) : (
                  "—"
                )}
              </Row>
              <Row label="Email">
                {entry.email ? (
                  <a href={`mailto:${entry.email}`} className="break-all text-accent hover:underline">
                    {entry.email}
                  </a>
                ) : (
                  "—"
                )}
              </Row>
              {entry.clientId ? (
                <Row label="Client">
                  <Link to={`/admin/clients/${entry.clientId}`} className="text-accent hover:underline">
                    History and notes
                  </Link>
                </Row>
              ) : null}
              <Row label="Notes">
                <span className="whitespace-pre-line">{entry.notes || "—"}</span>
              </Row>
              {entry.reason ? <Row label="Reason">{entry.reason}</Row> : null}
              <Row label="Booked">
                {BOOKING_SOURCE_LABELS[entry.source]}, {formatInZone(entry.createdAt, timeZone, "MMM d, h:mm a")}
              </Row>
            </>
          ) : null}
        </dl>
        {moveHref ? (
          <Link
            to={moveHref}
            preventScrollReset
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "self-start")}
            data-testid="move-link"
            onClick={() => {
              moving.current = true;
            }}
          >
            <MoveRight className="size-4" aria-hidden="true" />
            Move
          </Link>
        ) : null}
        <BookingActions entry={entry} timeZone={timeZone} now={now} scope="details" onDone={onDone} />
      </DialogWindow>
    </Dialog>
  );
}
