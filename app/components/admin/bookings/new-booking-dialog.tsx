import { Ban, Plus, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { AdminField, AdminSelect, AdminTextarea } from "~/components/admin/fields";
import { Button } from "~/components/ui/button";
import { Dialog, DialogTrigger, DialogWindow } from "~/components/ui/dialog";
import { MAX_MORE_SERVICES } from "~/lib/booking/booking-request";
import type { CalendarResource } from "~/lib/booking/calendar";
import { blockSchema, staffBookingSchema, type StaffBookingReply } from "~/lib/booking/staff-forms";
import { formRules } from "~/lib/forms/field-rules";
import { cn } from "~/lib/utils";
import { useBookingAction } from "./use-booking-action";

/** The limits of each field, from the schemas the server validates the forms with. */
const booking = formRules(staffBookingSchema);
const block = formRules(blockSchema);

export interface ServiceChoice {
  id: string;
  title: string;
  options: { name: string; durationMinutes: number; price: string }[];
}

export interface StaffChoice {
  id: number;
  name: string;
  services: string[];
}

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
  trigger: React.ReactNode;
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
      <DialogTrigger asChild>{trigger}</DialogTrigger>
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
  onRemove,
}: {
  index: number;
  services: ServiceChoice[];
  staff: StaffChoice[];
  onRemove: () => void;
}) {
  const first = services[0];
  const [value, setValue] = useState(first ? `${first.id}:${first.options[0]?.name ?? ""}` : "");
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
        {services.map((s) => (
          <optgroup key={s.id} label={s.title}>
            {s.options.map((o) => (
              <option key={o.name} value={`${s.id}:${o.name}`}>
                {o.name} ({o.durationMinutes} min{o.price ? `, ${o.price}` : ""})
              </option>
            ))}
          </optgroup>
        ))}
      </AdminSelect>
      {staff.length ? (
        <AdminSelect label="With" name="alsoStaff" key={serviceId}>
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
      <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
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

/** "New booking": a client on the phone, confirmed at once (never on top of another booking). */
export function NewBookingDialog({
  services,
  staff,
  date,
}: {
  services: ServiceChoice[];
  staff: StaffChoice[];
  date: string;
}) {
  const [serviceId, setServiceId] = useState(services[0]?.id ?? "");
  const service = services.find((s) => s.id === serviceId);
  const people = staff.filter((s) => s.services.includes(serviceId));
  // Each added service's row, by a key that stays with it when an earlier one is removed.
  const [added, setAdded] = useState<number[]>([]);
  const [nextKey, setNextKey] = useState(0);
  return (
    <FormDialog
      intent="create"
      trigger={
        <Button size="sm">
          <Plus className="size-4" aria-hidden="true" />
          New booking
        </Button>
      }
      className="max-w-2xl"
      title="New booking"
      description="For a client on the phone or at the desk: confirmed at once, e-mailed when an address is given. Added services follow the first, back to back."
      formClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
      testId="new-booking-form"
      submit="Book and confirm"
      submitting="Booking..."
      footerClassName="sm:col-span-2"
    >
      {(errors) => (
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
          <AdminSelect label="Option" name="option" key={serviceId} errors={errors.option}>
            {service?.options.map((o) => (
              <option key={o.name} value={o.name}>
                {o.name} ({o.durationMinutes} min{o.price ? `, ${o.price}` : ""})
              </option>
            ))}
          </AdminSelect>
          {staff.length ? (
            <AdminSelect label="With" name="staff" key={`staff-${serviceId}`} errors={errors.staff}>
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
              onRemove={() => setAdded((keys) => keys.filter((k) => k !== key))}
            />
          ))}
          {added.length < MAX_MORE_SERVICES ? (
            <div className="sm:col-span-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  setAdded((keys) => [...keys, nextKey]);
                  setNextKey((k) => k + 1);
                }}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add another service
              </Button>
            </div>
          ) : null}
          <div className="grid grid-cols-2 gap-4 sm:col-span-2">
            <AdminField label="Date" name="date" type="date" defaultValue={date} required errors={errors.date} />
            <AdminField label="Time" name="time" type="time" step={300} required errors={errors.time} />
          </div>
          <FreeTimes />
          <AdminField
            label="First name"
            name="firstName"
            maxLength={booking.firstName.maxLength}
            required
            autoComplete="off"
            errors={errors.firstName}
          />
          <AdminField
            label="Last name"
            name="lastName"
            maxLength={booking.lastName.maxLength}
            required
            autoComplete="off"
            errors={errors.lastName}
          />
          <AdminField
            label="Phone"
            name="phone"
            maxLength={booking.phone.maxLength}
            type="tel"
            required
            autoComplete="off"
            errors={errors.phone}
          />
          <AdminField
            label="Email (optional)"
            name="email"
            maxLength={booking.email.maxLength}
            type="email"
            autoComplete="off"
            errors={errors.email}
          />
          <AdminTextarea
            label="Notes"
            name="notes"
            maxLength={booking.notes.maxLength}
            className="sm:col-span-2"
            errors={errors.notes}
          />
        </>
      )}
    </FormDialog>
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
