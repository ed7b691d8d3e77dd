import { useCallback, useRef } from "react";
import { data, useFetcher } from "react-router";
import { AdminCard, AdminField, FieldError } from "~/components/admin/fields";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { Button } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import type { BookingSettings } from "~/lib/booking/settings";
import {
  closureDates,
  closureLabelSchema,
  CONFIRMATION_MODES,
  NOTICE_SETTINGS,
  NUMBER_SETTINGS,
  settingRange,
} from "~/lib/booking/settings-form";
import { schemaMaxLength } from "~/lib/forms/field-rules";
import { requireStaff } from "~/server/auth/guard.server";
import {
  handleBookingSettingsAction,
  loadBookingSettingsScreen,
  type BookingSettingsReply,
} from "~/routes/admin/booking-settings.server";
import { servicesContext } from "~/server/context";
import { readForm } from "~/server/http/read-form.server";
import type { Route } from "./+types/booking-settings";

export const meta: Route.MetaFunction = () => [{ title: "Booking settings | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { role: "admin" });
  const { db, content, publicUrl } = args.context.get(servicesContext);
  return loadBookingSettingsScreen(db, content, publicUrl);
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, { role: "admin" });
  const { status, reply } = await handleBookingSettingsAction(
    args.context.get(servicesContext),
    user,
    await readForm(args.request),
  );
  return data(reply, { status });
}

/** A form of the screen: posts with its intent, toasts the answer, shows field errors. */
function useIntentForm(intent: string, onSuccess?: () => void) {
  const fetcher = useFetcher<BookingSettingsReply>({ key: `booking-${intent}` });
  const reply = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const onReply = useCallback(
    (r: BookingSettingsReply) => {
      if (r.ok) onSuccess?.();
    },
    [onSuccess],
  );
  useReplyToast(reply, { onReply });
  return { fetcher, busy: fetcher.state !== "idle", errors: reply?.fieldErrors ?? {} };
}

function SettingsSection({ settings }: { settings: BookingSettings }) {
  const { fetcher, busy, errors } = useIntentForm("settings");
  const modeErrors = errors.confirmationMode;
  return (
    <AdminCard title="Online booking" description="How clients book online and what they are told.">
      <fetcher.Form method="post" noValidate className="grid gap-5 sm:grid-cols-2">
        <input type="hidden" name="intent" value="settings" />
        <fieldset
          className="flex flex-col gap-2 sm:col-span-2"
          aria-describedby={modeErrors?.length ? "confirmation-mode-error" : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Confirmation</legend>
          {CONFIRMATION_MODES.map((mode) => (
            <label key={mode.value} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="confirmationMode"
                value={mode.value}
                defaultChecked={settings.confirmationMode === mode.value}
                className="size-4 accent-[var(--accent)]"
              />
              {mode.label}
            </label>
          ))}
          <FieldError id="confirmation-mode-error" errors={modeErrors} />
        </fieldset>
        {NUMBER_SETTINGS.map((field) => {
          const { min, max } = settingRange(field.name);
          return (
            <AdminField
              key={field.name}
              name={field.name}
              label={field.label}
              hint={field.hint}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              defaultValue={settings[field.name]}
              errors={errors[field.name]}
            />
          );
        })}
        <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby="salon-mail-hint">
          <legend className="mb-1 text-sm font-medium">E-mails to the salon</legend>
          <p id="salon-mail-hint" className="text-sm text-muted-foreground">
            Sent to the notification e-mail (Settings › Notifications) and to the staff member the client booked with,
            when they have an e-mail. A change to an appointment the salon&apos;s calendar holds is always sent, so the
            calendar stays right.
          </p>
          {NOTICE_SETTINGS.map((notice) => (
            <label key={notice.name} className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                name={notice.name}
                defaultChecked={settings[notice.name]}
                className="size-4 accent-[var(--accent)]"
              />
              {notice.label}
            </label>
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save booking settings"}
          </Button>
        </div>
      </fetcher.Form>
    </AdminCard>
  );
}

function ClosuresSection({
  closures,
  today,
}: {
  closures: { id: number; from: string; to: string; label: string }[];
  today: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useCallback(() => formRef.current?.reset(), []);
  const add = useIntentForm("add-closure", reset);
  const remove = useIntentForm("remove-closure");
  return (
    <AdminCard
      title="Closures"
      description="Days the salon takes no online bookings (holidays, training), on the salon's calendar. Booked appointments on those days are kept."
    >
      {closures.length ? (
        <ul className="divide-y divide-border border-y border-border text-sm" aria-label="Closures">
          {closures.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <span className="font-medium">{closureDates(c.from, c.to)}</span>
                {c.label ? <span className="text-muted-foreground"> — {c.label}</span> : null}
              </span>
              <remove.fetcher.Form method="post">
                <input type="hidden" name="intent" value="remove-closure" />
                <input type="hidden" name="id" value={c.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove the closure ${closureDates(c.from, c.to)}`}
                >
                  Remove
                </Button>
              </remove.fetcher.Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No closures ahead.</p>
      )}
      <add.fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-6 grid gap-4 sm:grid-cols-[1fr_1fr_2fr] sm:items-start"
      >
        <input type="hidden" name="intent" value="add-closure" />
        <AdminField name="from" label="First day" type="date" min={today} required errors={add.errors.from} />
        <AdminField
          name="to"
          label="Last day"
          type="date"
          min={today}
          hint="Empty: just the first day"
          errors={add.errors.to}
        />
        <AdminField
          name="label"
          label="Label (optional)"
          maxLength={schemaMaxLength(closureLabelSchema)}
          placeholder="e.g. Christmas holidays"
          hint="Clients see it when they pick the day"
          errors={add.errors.label}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={add.busy}>
            {add.busy ? "Adding..." : "Add closure"}
          </Button>
        </div>
      </add.fetcher.Form>
    </AdminCard>
  );
}

function FeedSection({ feedUrl }: { feedUrl: string }) {
  const { fetcher, busy } = useIntentForm("regenerate-feed");
  return (
    <AdminCard
      title="Calendar feed"
      description="Every appointment in your own calendar: subscribe to this address in Google Calendar (Other calendars › From URL), Apple Calendar (File › New Calendar Subscription) or Outlook. It shows clients' names and phone numbers, so share it only with people who may see them."
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="salon-feed-url" className="text-sm font-medium">
          Salon calendar address
        </label>
        <input
          id="salon-feed-url"
          readOnly
          value={feedUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 border border-border bg-surface-muted px-3 font-mono text-xs"
          data-testid="salon-feed-url"
        />
      </div>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="regenerate-feed" />
        <ConfirmSubmit
          button={
            <Button type="submit" variant="outline" disabled={busy}>
              {busy ? "Regenerating..." : "Regenerate"}
            </Button>
          }
          title="Make a new address?"
          description="Calendars subscribed to the current one stop getting appointments."
          confirmLabel="Make a new address"
        />
        <p className="text-sm text-muted-foreground">
          If the address was shared too widely: the old one stops working.
        </p>
      </fetcher.Form>
    </AdminCard>
  );
}

export default function BookingSettingsScreen({ loaderData }: Route.ComponentProps) {
  const { settings, closures, feedUrl, today } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <SettingsSection settings={settings} />
      <ClosuresSection closures={closures} today={today} />
      <FeedSection feedUrl={feedUrl} />
    </div>
  );
}
