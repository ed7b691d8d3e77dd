import { Ban, Plus, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { AdminField, AdminSelect, AdminTextarea } from "~/components/admin/fields";
import { Form, Link } from "react-router";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogTrigger, DialogWindow } from "~/components/ui/dialog";
import { MAX_MORE_SERVICES } from "~/lib/booking/booking-request";
import type { CalendarResource } from "~/lib/booking/calendar";
import { blockSchema, staffBookingSchema, type StaffBookingReply } from "~/lib/booking/staff-forms";
import { formRules } from "~/lib/forms/field-rules";
import { cn } from "~/lib/utils";
import { useBookingAction } from "./use-booking-action";
import type { ServiceChoice, StaffChoice } from "./choices";
import { optionLabel, ServiceOptionGroups } from "./service-option-groups";

/** The limits of each field, from the schemas the server validates the forms with. */
const booking = formRules(staffBookingSchema);
const block = formRules(blockSchema);

/** A dialog with one form of /admin/bookings (`intent`), closed once the server took the form. */
function FormDialog({
  intent,
  trigger,
  title,
  description,
  className,
  formClassName,
  testId,
  submit,
  submitting,
  footerClassName,
  children,
}: {
  intent: string;
  /** The button that opens the dialog, or a function of `open` (a link that opens it when clicked). */
  trigger: React.ReactNode | ((open: () => void) => React.ReactNode);
  title: string;
  description: string;
  className?: string;
  formClassName: string;
  testId: string;
  submit: string;
  submitting: string;
  footerClassName?: string;
  /** The fields, given the last answer's field errors. */
  children: (errors: Record<string, string[]>) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const onReply = useCallback((reply: StaffBookingReply) => {
    if (reply.ok) setOpen(false);
  }, []);
  const { fetcher, busy, errors } = useBookingAction(intent, { onReply });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{typeof trigger === "function" ? trigger(() => setOpen(true)) : trigger}</DialogTrigger>
      <DialogWindow className={className} title={title} description={description}>
        <fetcher.Form method="post" className={formClassName} data-testid={testId}>
          <input type="hidden" name="intent" value={intent} />
          {children(errors)}
          <div className={cn("flex justify-end", footerClassName)}>
            <Button type="submit" disabled={busy}>
              {busy ? submitting : submit}
            </Button>
          </div>
        </fetcher.Form>
      </DialogWindow>
    </Dialog>
  );
}

/**
 * A service added to the visit, after the ones before it: its option ("service:option", posted as
 * `also`) and who does it (`alsoStaff`: a person who does the service, or anyone free then).
 */
function AddedService({
  index,
  services,
  staff,
  initial,
  remove,
}: {
  index: number;
  services: ServiceChoice[];
  staff: StaffChoice[];
  /** The row's values to show again, if any. */
  initial?: { value: string; staff: string };
  /** The Remove button's behaviour: a click, or (without JavaScript) sending the form back. */
  remove: React.ComponentProps<typeof Button>;
}) {
  const first = services[0];
  const [value, setValue] = useState(
    initial?.value.includes(":") ? initial.value : first ? `${first.id}:${first.options[0]?.name ?? ""}` : "",
  );
  const serviceId = value.slice(0, value.indexOf(":"));
  const people = staff.filter((s) => s.services.includes(serviceId));
  const label = `Service ${index + 2}`;
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 border-t border-border py-3 sm:col-span-2 sm:border sm:p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
      <legend className="px-1 text-sm font-medium">{label}, after the one before</legend>
      <AdminSelect
        label="Service and option"
        name="also"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      >
        <ServiceOptionGroups services={services} />
      </AdminSelect>
      {staff.length ? (
        <AdminSelect label="With" name="alsoStaff" key={serviceId} defaultValue={initial?.staff}>
          <option value="any">Any available</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </AdminSelect>
      ) : (
        <input type="hidden" name="alsoStaff" value="any" />
      )}
      <Button {...remove} variant="ghost" size="sm" aria-label={`Remove ${label.toLowerCase()}`}>
        <X className="size-4" aria-hidden="true" />
        Remove
      </Button>
    </fieldset>
  );
}

/** The form's visit as /api/availability asks for it: each service with its option and person, in order, and the day. */
function availabilityQuery(form: HTMLFormElement): string {
  const data = new FormData(form);
  const text = (name: string) => data.getAll(name).map(String);
  const params = new URLSearchParams();
  const part = (service: string, option: string, staff: string) => {
    params.append("service", service);
    params.append("option", option);
    params.append("staff", staff || "any");
  };
  part(text("service")[0] ?? "", text("option")[0] ?? "", text("staff")[0] ?? "any");
  const alsoStaff = text("alsoStaff");
  text("also").forEach((value, i) => {
    const colon = value.indexOf(":");
    if (colon > 0) part(value.slice(0, colon), value.slice(colon + 1), alsoStaff[i] ?? "any");
  });
  params.set("date", text("date")[0] ?? "");
  return params.toString();
}

/**
 * The day's free times for the whole visit as the form stands (every service back to back, each
 * with its person), by the online rules: choosing one fills Time. The desk may still type another.
 */
function FreeTimes() {
  const box = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  // The last answer, with the visit it answers: another visit's times are not shown meanwhile.
  const [answer, setAnswer] = useState<{ query: string; times: string[] } | null>(null);
  const times = answer?.query === query ? answer.times : null;
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    const read = () => setQuery(availabilityQuery(form));
    // After React has rendered the change (a new service's options replace the old ones).
    const readSoon = () => setTimeout(read, 0);
    read();
    form.addEventListener("change", readSoon);
    // Adding or removing a service changes the visit without a change event.
    const rows = new MutationObserver(read);
    rows.observe(form, { childList: true });
    return () => {
      form.removeEventListener("change", readSoon);
      rows.disconnect();
    };
  }, []);
  useEffect(() => {
    if (!query) return;
    let current = true;
    fetch(`/api/availability?${query}`, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ slots?: { start: string }[] }>) : null))
      .then((day) => current && setAnswer({ query, times: (day?.slots ?? []).map((slot) => slot.start) }))
      .catch(() => current && setAnswer({ query, times: [] }));
    return () => {
      current = false;
    };
  }, [query]);
  const choose = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const time = box.current?.closest("form")?.elements.namedItem("time");
    if (time instanceof HTMLInputElement && event.currentTarget.value) time.value = event.currentTarget.value;
  };
  const clock = (start: string) => start.slice(11, 16);
  return (
    <div ref={box} className="sm:col-span-2">
      {times?.length ? (
        <AdminSelect
          label="Free for the whole visit"
          name=""
          hint="By the online hours and rules; choosing one fills Time."
          onChange={choose}
          defaultValue=""
          key={query}
        >
          <option value="">Choose a free time</option>
          {times.map((start) => (
            <option key={start} value={clock(start)}>
              {twelveHour(clock(start))}
            </option>
          ))}
        </AdminSelect>
      ) : (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {times === null
            ? "Looking for free times..."
            : "No free time online for the whole visit that day. You may still book a time you choose."}
        </p>
      )}
    </div>
  );
}

/** "14:30" → "2:30 PM". */
function twelveHour(hhmm: string): string {
  const hours = Number(hhmm.slice(0, 2));
  return `${hours % 12 === 0 ? 12 : hours % 12}:${hhmm.slice(3, 5)} ${hours < 12 ? "AM" : "PM"}`;
}

const NEW_BOOKING_TITLE = "New booking";
const NEW_BOOKING_DESCRIPTION =
  "For a client on the phone or at the desk: confirmed at once, e-mailed when an address is given. Added services follow the first, back to back.";

/**
 * The new-booking form's fields. `draft` holds the values to show again (a refused post, or the page
 * form sent back by "Show options", "Add another service" or "Remove" without JavaScript).
 */
function NewBookingFields({
  services,
  staff,
  date,
  errors,
  draft,
  page = false,
}: {
  services: ServiceChoice[];
  staff: StaffChoice[];
  date: string;
  errors: Record<string, string[]>;
  draft?: URLSearchParams;
  /** On the page, the buttons that change the form without JavaScript send it back by GET. */
  page?: boolean;
}) {
  const hydrated = useHydrated();
  const typed = (name: string) => draft?.get(name) ?? undefined;
  const [serviceId, setServiceId] = useState(
    services.find((s) => s.id === typed("service"))?.id ?? services[0]?.id ?? "",
  );
  const service = services.find((s) => s.id === serviceId);
  const people = staff.filter((s) => s.services.includes(serviceId));
  // The added services without JavaScript: those posted, less the one removed, plus one asked for.
  const drafted = (() => {
    const also = draft?.getAll("also") ?? [];
    const alsoStaff = draft?.getAll("alsoStaff") ?? [];
    const rows = also.map((value, i) => ({ value, staff: alsoStaff[i] ?? "any" }));
    const drop = Number(draft?.get("drop") ?? -1);
    const kept = rows.filter((_, i) => i !== drop);
    return draft?.get("more") ? [...kept, { value: "", staff: "any" }] : kept;
  })();
  // Each added service's row, by a key that stays with it when an earlier one is removed.
  const [added, setAdded] = useState<number[]>(() => drafted.map((_, i) => i));
  const [nextKey, setNextKey] = useState(drafted.length);
  const sendBack = page ? ({ type: "submit", formMethod: "get", formNoValidate: true } as const) : null;
  return (
    <>
      <AdminSelect
        label="Service"
        name="service"
        value={serviceId}
        onChange={(e) => setServiceId(e.currentTarget.value)}
        errors={errors.service}
      >
        {services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </AdminSelect>
      <AdminSelect label="Option" name="option" key={serviceId} defaultValue={typed("option")} errors={errors.option}>
        {service?.options.map((o) => (
          <option key={o.name} value={o.name}>
            {optionLabel(o)}
          </option>
        ))}
      </AdminSelect>
      {sendBack && !hydrated ? (
        <div className="sm:col-span-2">
          <Button {...sendBack} variant="outline" size="sm">
            Show options for this service
          </Button>
        </div>
      ) : null}
      {staff.length ? (
        <AdminSelect
          label="With"
          name="staff"
          key={`staff-${serviceId}`}
          defaultValue={typed("staff")}
          errors={errors.staff}
        >
          <option value="any">Any available</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </AdminSelect>
      ) : null}
      {added.map((key, index) => (
        <AddedService
          key={key}
          index={index}
          services={services}
          staff={staff}
          initial={drafted[key]}
          remove={
            sendBack && !hydrated
              ? { ...sendBack, name: "drop", value: String(index) }
              : { type: "button", onClick: () => setAdded((keys) => keys.filter((k) => k !== key)) }
          }
        />
      ))}
      {added.length < MAX_MORE_SERVICES ? (
        <div className="sm:col-span-2">
          <Button
            {...(sendBack && !hydrated
              ? { ...sendBack, name: "more", value: "1" }
              : {
                  type: "button" as const,
                  onClick: () => {
                    setAdded((keys) => [...keys, nextKey]);
                    setNextKey((k) => k + 1);
                  },
                })}
            variant="outline"
            size="sm"
          >
            <Plus className="size-4" aria-hidden="true" />
            Add another service
          </Button>
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-4 sm:col-span-2">
        <AdminField
          label="Date"
          name="date"
          type="date"
          defaultValue={typed("date") ?? date}
          required
          errors={errors.date}
        />
        <AdminField
          label="Time"
          name="time"
          type="time"
          step={300}
          defaultValue={typed("time")}
          required
          errors={errors.time}
        />
      </div>
      {hydrated ? <FreeTimes /> : null}
      <AdminField
        label="First name"
        name="firstName"
        maxLength={booking.firstName.maxLength}
        defaultValue={typed("firstName")}
        required
        autoComplete="off"
        errors={errors.firstName}
      />
      <AdminField
        label="Last name"
        name="lastName"
        maxLength={booking.lastName.maxLength}
        defaultValue={typed("lastName")}
        required
        autoComplete="off"
        errors={errors.lastName}
      />
      <AdminField
        label="Phone"
        name="phone"
        maxLength={booking.phone.maxLength}
        type="tel"
        defaultValue={typed("phone")}
        required
        autoComplete="off"
        errors={errors.phone}
      />
      <AdminField
        label="Email (optional)"
        name="email"
        maxLength={booking.email.maxLength}
        type="email"
        defaultValue={typed("email")}
        autoComplete="off"
        errors={errors.email}
      />
      <AdminTextarea
        label="Notes"
        name="notes"
        maxLength={booking.notes.maxLength}
        defaultValue={typed("notes")}
        className="sm:col-span-2"
        errors={errors.notes}
      />
    </>
  );
}

/**
 * "New booking": a client on the phone, confirmed at once (never on top of another booking). A link
 * to the page form (`href`) that opens the dialog instead once JavaScript runs.
 */
export function NewBookingDialog({
  services,
  staff,
  date,
  href,
}: {
  services: ServiceChoice[];
  staff: StaffChoice[];
  date: string;
  href: string;
}) {
  return (
    <FormDialog
      intent="create"
      trigger={(open) => (
        <Link
          to={href}
          className={buttonVariants({ size: "sm" })}
          onClick={(event) => {
            event.preventDefault();
            open();
          }}
        >
          <Plus className="size-4" aria-hidden="true" />
          {NEW_BOOKING_TITLE}
        </Link>
      )}
      className="max-w-2xl"
      title={NEW_BOOKING_TITLE}
      description={NEW_BOOKING_DESCRIPTION}
      formClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
      testId="new-booking-form"
      submit="Book and confirm"
      submitting="Booking..."
      footerClassName="sm:col-span-2"
    >
      {(errors) => <NewBookingFields services={services} staff={staff} date={date} errors={errors} />}
    </FormDialog>
  );
}

/**
 * The same form as a section of /admin/bookings?new=1, for a browser without JavaScript: a plain
 * post that goes back to the calendar when booked, or comes back with the values and what to fix.
 */
export function NewBookingSection({
  services,
  staff,
  date,
  reply,
  draft,
  closeHref,
}: {
  services: ServiceChoice[];
  staff: StaffChoice[];
  date: string;
  reply: StaffBookingReply | undefined;
  draft: URLSearchParams;
  closeHref: string;
}) {
  const refused = reply && !reply.ok && reply.intent === "create" ? reply : undefined;
  const values = refused?.values ? new URLSearchParams(refused.values) : draft;
  return (
    <section
      aria-labelledby="new-booking-heading"
      className="flex flex-col gap-4 border border-border bg-surface p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="new-booking-heading" className="text-2xl">
            {NEW_BOOKING_TITLE}
          </h2>
          <p className="text-sm text-muted-foreground">{NEW_BOOKING_DESCRIPTION}</p>
        </div>
        <Link to={closeHref} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Close
        </Link>
      </div>
      {refused ? (
        <p role="alert" className="border border-danger px-3 py-2 text-sm text-danger">
          {refused.message}
        </p>
      ) : null}
      <Form method="post" className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="new-booking-page-form">
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="from" value="page" />
        {/* What "Show options", "Add another service" and "Remove" send back keeps this form open. */}
        <input type="hidden" name="new" value="1" />
        <NewBookingFields
          key={values.toString()}
          services={services}
          staff={staff}
          date={date}
          errors={refused?.fieldErrors ?? {}}
          draft={values}
          page
        />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit">Book and confirm</Button>
        </div>
      </Form>
    </section>
  );
}

/** "Block time": a person's or a chair's time kept free (time off, a break), or a whole day. */
export function BlockTimeDialog({ resources, date }: { resources: CalendarResource[]; date: string }) {
  const [allDay, setAllDay] = useState(false);
  return (
    <FormDialog
      intent="block"
      trigger={
        <Button size="sm" variant="outline">
          <Ban className="size-4" aria-hidden="true" />
          Block time
        </Button>
      }
      title="Block time"
      description="Nobody can book it while it is blocked. It cannot cover a booking."
      formClassName="flex flex-col gap-4"
      testId="block-form"
      submit="Block this time"
      submitting="Blocking..."
    >
      {(errors) => (
        <>
          <AdminSelect label="Who or what" name="resource" errors={errors.resource}>
            {resources.map((r) => (
              <option key={r.key} value={r.key}>
                {r.name}
              </option>
            ))}
          </AdminSelect>
          <AdminField label="Date" name="date" type="date" defaultValue={date} required errors={errors.date} />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="allDay"
              className="size-4 accent-accent"
              checked={allDay}
              onChange={(e) => setAllDay(e.currentTarget.checked)}
            />
            All day
          </label>
          {allDay ? null : (
            <div className="grid grid-cols-2 gap-4">
              <AdminField label="From" name="start" type="time" step={300} required errors={errors.start} />
              <AdminField label="To" name="end" type="time" step={300} required errors={errors.end} />
            </div>
          )}
          <AdminField
            label="Label"
            name="label"
            maxLength={block.label.maxLength}
            placeholder="Lunch, training …"
            errors={errors.label}
          />
        </>
      )}
    </FormDialog>
  );
}
