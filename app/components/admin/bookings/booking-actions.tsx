import { Check, CalendarClock, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { AdminField, AdminTextarea } from "~/components/admin/fields";
import { Button } from "~/components/ui/button";
import type { CalendarEntry } from "~/lib/booking/calendar";
import { mayMarkNoShow } from "~/lib/booking/model";
import { cancelSchema, declineSchema, type StaffBookingReply } from "~/lib/booking/staff-forms";
import { schemaMaxLength } from "~/lib/forms/field-rules";
import { formatInZone } from "~/lib/dates";
import { useBookingAction } from "./use-booking-action";

type Panel = "decline" | "propose" | "cancel" | "no-show" | null;

/** Focuses the first field of a panel when it opens. */
function useFocusFirst(open: boolean) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>("input:not([type=hidden]), textarea")?.focus();
  }, [open]);
  return ref;
}

/**
 * What can be done with a booking: a request is confirmed, declined with a reason or answered with
 * another time; an appointment that holds its time is cancelled; one that has begun is marked a
 * no-show (after a confirm); a cancelled one is marked a late cancellation; either is taken back; a
 * block is removed. `onDone` runs after a change went through (the page moves the focus somewhere
 * that still exists).
 */
export function BookingActions({
  entry,
  timeZone,
  now,
  scope,
  onDone,
}: {
  entry: CalendarEntry;
  timeZone: string;
  /** The instant the page was read at: whether the appointment has begun. */
  now: number;
  /** Where it is shown ("list", "details"): each place has its own fetcher, so one toast each. */
  scope: string;
  onDone?: () => void;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  const onReply = useCallback(
    (reply: StaffBookingReply) => {
      if (!reply.ok) return;
      setPanel(null);
      onDone?.();
    },
    [onDone],
  );
  const { fetcher, busy, errors } = useBookingAction(`${scope}-booking-${entry.id}`, { onReply });
  const formRef = useFocusFirst(panel !== null);
  const panelId = `${scope}-booking-${entry.id}-panel`;
  const openerId = (kind: Exclude<Panel, null>) => `${panelId}-${kind}`;
  // "Keep it" closes the panel and gives the focus back to the button that opened it.
  const close = () => {
    const opened = panel;
    setPanel(null);
    if (opened) document.getElementById(openerId(opened))?.focus();
  };
  const toggle = (next: Exclude<Panel, null>) => () => setPanel(panel === next ? null : next);
  const pending = entry.status === "requested" || entry.status === "proposed";
  const holding = pending || entry.status === "confirmed";
  const who = `${entry.firstName} ${entry.lastName}`.trim();
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={entry.id} />
    </>
  );

  // An answer's button: opens its panel, or closes it when it is open.
  const opener = (kind: Exclude<Panel, null>, variant: "outline" | "ghost", children: React.ReactNode) => (
    <Button
      variant={variant}
      size="sm"
      aria-expanded={panel === kind}
      aria-controls={panel === kind ? panelId : undefined}
      id={openerId(kind)}
      onClick={toggle(kind)}
    >
      {children}
    </Button>
  );
  // The open panel: its fields, the button that sends it and "Keep it".
  const panelForm = (
    kind: Exclude<Panel, null>,
    submit: string,
    variant: "default" | "destructive",
    fields: React.ReactNode,
  ) =>
    panel === kind ? (
      <fetcher.Form
        method="post"
        ref={formRef}
        id={panelId}
        className="flex flex-col gap-3 border-t border-border pt-3"
      >
        {hidden(kind)}
        {fields}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant={variant} size="sm" disabled={busy}>
            {submit}
          </Button>
          <Button variant="ghost" size="sm" onClick={close}>
            Keep it
          </Button>
        </div>
      </fetcher.Form>
    ) : null;

  if (entry.kind === "block") {
    return (
      <fetcher.Form method="post">
        {hidden("unblock")}
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          <X className="size-4" aria-hidden="true" />
          Remove block
        </Button>
      </fetcher.Form>
    );
  }
  // What became of it: a no-show once it has begun, a late cancellation once cancelled, or taken back.
  const outcomeButton = (intent: string, label: string) => (
    <fetcher.Form method="post">
      {hidden(intent)}
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {label}
      </Button>
    </fetcher.Form>
  );
  const outcomeActions =
    entry.outcome === "no_show"
      ? outcomeButton("clear-outcome", "Undo no-show")
      : entry.outcome === "late_cancellation"
        ? outcomeButton("clear-outcome", "Not a late cancellation")
        : entry.status === "cancelled"
          ? outcomeButton("late-cancellation", "Mark as late cancellation")
          : mayMarkNoShow(entry, now)
            ? opener("no-show", "outline", "Mark as no-show")
            : null;
  const noShowPanel = panelForm(
    "no-show",
    "Yes, mark as no-show",
    "destructive",
    <p className="text-sm">
      {`${who || "The client"} did not come to this appointment. It counts in their history; you can undo it.`}
    </p>,
  );

  if (!holding)
    return outcomeActions ? (
      <div className="flex flex-wrap gap-2" role="group" aria-label="Outcome">
        {outcomeActions}
      </div>
    ) : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Answer ${who || "this booking"}`}>
        {pending ? (
          <fetcher.Form method="post">
            {hidden("confirm")}
            <Button type="submit" size="sm" disabled={busy}>
              <Check className="size-4" aria-hidden="true" />
              Confirm
            </Button>
          </fetcher.Form>
        ) : null}
        {pending
          ? opener(
              "propose",
              "outline",
              <>
                <CalendarClock className="size-4" aria-hidden="true" />
                Propose another time
              </>,
            )
          : null}
        {outcomeActions}
        {pending ? opener("decline", "ghost", "Decline") : opener("cancel", "ghost", "Cancel appointment")}
      </div>

      {noShowPanel}

      {panelForm(
        "decline",
        "Decline request",
        "destructive",
        <AdminTextarea
          label="Reason (the client reads it)"
          name="reason"
          required
          maxLength={schemaMaxLength(declineSchema.shape.reason)}
          errors={errors.reason}
        />,
      )}
      {panelForm(
        "propose",
        "Propose this time",
        "default",
        <>
          <p className="text-sm text-muted-foreground">
            {`Same length (${entry.option || entry.service}), ${entry.staff ? `with ${entry.staff}` : "same chair"}. The client gets a link to accept or decline it.`}
          </p>
          <div className="flex flex-wrap gap-3">
            <AdminField
              label="Date"
              name="date"
              type="date"
              required
              defaultValue={formatInZone(entry.startsAt, timeZone, "yyyy-MM-dd")}
              errors={errors.date}
            />
            <AdminField
              label="Time"
              name="time"
              type="time"
              step={300}
              required
              defaultValue={formatInZone(entry.startsAt, timeZone, "HH:mm")}
              errors={errors.time}
            />
          </div>
        </>,
      )}
      {panelForm(
        "cancel",
        "Yes, cancel it",
        "destructive",
        <AdminTextarea
          label="Reason (optional, the client reads it)"
          name="reason"
          maxLength={schemaMaxLength(cancelSchema.shape.reason)}
          errors={errors.reason}
        />,
      )}
    </div>
  );
}
