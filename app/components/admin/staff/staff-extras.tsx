import { CalendarOff, Copy, RefreshCw, Trash2, X } from "lucide-react";
import { useState } from "react";
import { AdminCard, AdminField } from "~/components/admin/fields";
import { showToast } from "~/components/admin/toaster";
import { useFetcherReplyToast } from "~/components/admin/use-reply-toast";
import { Button } from "~/components/ui/button";
import { ConfirmDescription, ConfirmDialog } from "~/components/ui/confirm-dialog";
import { timeOffLabelSchema, type StaffMember, type StaffReply, type TimeOffEntry } from "~/lib/booking/staff";
import { schemaMaxLength } from "~/lib/forms/field-rules";
import { formatDateTime } from "~/lib/dates";

const small = "h-9 gap-1.5 px-3 text-[0.8rem] font-medium tracking-normal normal-case";

/** One posted action with its toast, shown even when the answer removes the row (time off removed). */
const useStaffFetcher = (key: string) => useFetcherReplyToast<StaffReply>(key);

function TimeOffRow({ entry, member, timeZone }: { entry: TimeOffEntry; member: StaffMember; timeZone: string }) {
  const fetcher = useStaffFetcher(`time-off-${entry.id}`);
  const period = `${formatDateTime(entry.startsAt, timeZone)} – ${formatDateTime(entry.endsAt, timeZone)}`;
  return (
    <li className="flex items-center gap-3 py-2.5" data-testid="time-off">
      <CalendarOff className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p>{period}</p>
        {entry.label ? <p className="text-muted-foreground">{entry.label}</p> : null}
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="remove-time-off" />
        <input type="hidden" name="timeOffId" value={entry.id} />
        <Button
          type="submit"
          variant="ghost"
          className={small}
          disabled={fetcher.state !== "idle"}
          aria-label={`Remove time off ${period}${entry.label ? ` (${entry.label})` : ""} for ${member.name}`}
        >
          <X className="size-4" aria-hidden="true" />
          Remove
        </Button>
      </fetcher.Form>
    </li>
  );
}

/** Time off: blocks on the person's calendar, refused over their held bookings. */
export function TimeOffCard({
  member,
  timeOff,
  timeZone,
}: {
  member: StaffMember;
  timeOff: TimeOffEntry[];
  timeZone: string;
}) {
  const fetcher = useStaffFetcher(`add-time-off-${member.id}`);
  const [allDay, setAllDay] = useState(true);
  const reply = fetcher.data;
  const errors = reply && !reply.ok ? (reply.fieldErrors ?? {}) : {};
  const refusal = reply && !reply.ok && !reply.fieldErrors ? reply.message : undefined;
  return (
    <AdminCard
      title="Time off"
      description={`Periods ${member.name} cannot be booked, on the salon's clock (${timeZone}). Time off cannot cover their bookings.`}
      data-testid="time-off-card"
    >
      {timeOff.length ? (
        <ul className="mb-6 divide-y divide-border border-y border-border" aria-label={`Time off for ${member.name}`}>
          {timeOff.map((entry) => (
            <TimeOffRow key={entry.id} entry={entry} member={member} timeZone={timeZone} />
          ))}
        </ul>
      ) : (
        <p className="mb-6 text-sm text-muted-foreground">No time off planned.</p>
      )}
      <fetcher.Form
        method="post"
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        aria-label={`Add time off for ${member.name}`}
        key={reply?.ok ? `done-${timeOff.length}` : "form"}
      >
        <input type="hidden" name="intent" value="add-time-off" />
        <label className="flex items-center gap-3 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="allDay"
            checked={allDay}
            onChange={(event) => setAllDay(event.target.checked)}
            className="size-4 accent-[var(--accent)]"
          />
          Whole days
        </label>
        {allDay ? (
          <>
            <AdminField name="fromDate" label="First day off" type="date" errors={errors.fromDate} />
            <AdminField name="toDate" label="Last day off" type="date" errors={errors.toDate} />
          </>
        ) : (
          <>
            <AdminField name="from" label="From" type="datetime-local" step={300} errors={errors.from} />
            <AdminField name="to" label="To" type="datetime-local" step={300} errors={errors.to} />
          </>
        )}
        <AdminField
          name="label"
          label="Label (optional)"
          placeholder="e.g. Vacation"
          maxLength={schemaMaxLength(timeOffLabelSchema)}
          errors={errors.label}
          className="sm:col-span-2"
        />
        {refusal ? (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {refusal}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
            Add time off
          </Button>
        </div>
      </fetcher.Form>
    </AdminCard>
  );
}

/** The person's calendar feed link, to subscribe to in a calendar app, and a way to replace it. */
export function CalendarFeedCard({ member, feedUrl }: { member: StaffMember; feedUrl: string }) {
  const fetcher = useStaffFetcher(`feed-${member.id}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feedUrl);
      showToast({ title: "Success", description: "Calendar feed link copied" });
    } catch {
      showToast({ title: "Error", description: "Copy the link from the field instead", variant: "destructive" });
    }
  };
  return (
    <AdminCard
      title="Calendar feed"
      description={`Subscribe to this link in a calendar app (Google, Apple, Outlook) to see ${member.name}'s appointments. Keep it private: anyone with the link can read them.`}
      data-testid="calendar-feed"
    >
      <div className="flex flex-col gap-3">
        <label htmlFor={`feed-${member.id}`} className="text-sm font-medium">
          Feed link
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={`feed-${member.id}`}
            readOnly
            value={feedUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 border border-border bg-surface-muted px-3 font-mono text-xs"
          />
          <Button variant="outline" className={small} onClick={copy}>
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="regenerate-token" />
          <Button type="submit" variant="ghost" className={small} disabled={fetcher.state !== "idle"}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Regenerate
          </Button>
          <span className="ml-2 text-xs text-muted-foreground">The old link stops working at once.</span>
        </fetcher.Form>
      </div>
    </AdminCard>
  );
}

/** Deactivate (bookings kept) or activate; delete only someone no booking names, after asking. */
export function StaffStatusCard({ member }: { member: StaffMember }) {
  const fetcher = useStaffFetcher(`status-${member.id}`);
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <AdminCard
      title="Status"
      description={
        member.isActive
          ? `${member.name} is active: clients can book them.`
          : `${member.name} is inactive: they take no new bookings. Their existing bookings are kept.`
      }
      data-testid="staff-status"
    >
      <div className="flex flex-wrap items-center gap-3">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={member.isActive ? "deactivate" : "activate"} />
          <Button type="submit" variant="outline" className={small} disabled={busy}>
            {member.isActive ? "Deactivate" : "Activate"}
          </Button>
        </fetcher.Form>
        {member.hasBookings ? (
          <p className="text-xs text-muted-foreground">
            {member.name} has bookings, so they can be deactivated but not deleted.
          </p>
        ) : (
          <>
            <Button variant="ghost" className={small} onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete…
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={`Delete ${member.name}?`}
              form={
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                </fetcher.Form>
              }
              confirm={
                <Button type="submit" variant="destructive" disabled={busy}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
              }
            >
              <ConfirmDescription>{member.name} is removed for good. This cannot be undone.</ConfirmDescription>
            </ConfirmDialog>
          </>
        )}
      </div>
    </AdminCard>
  );
}
