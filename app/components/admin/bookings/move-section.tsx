import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { AdminField, AdminSelect } from "~/components/admin/fields";
import { Button, buttonVariants } from "~/components/ui/button";
import { clientName, serviceLine, type CalendarEntry } from "~/lib/booking/calendar";
import type { StaffBookingReply } from "~/lib/booking/staff-forms";
import { formatInZone } from "~/lib/dates";
import { FormRefusal } from "./form-refusal";
import type { ServiceChoice, StaffChoice } from "./choices";

/** The person a booking's (first) part is with, from its resource key ("staff:12"), or null for a chair. */
export function staffIdOf(resource: string): number | null {
  const id = Number(resource.startsWith("staff:") ? resource.slice(6) : NaN);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * "Move" (?move=ID): the booking's new date, time and person, checked like every change and the
 * client e-mailed the new time. The keyboard's and the phone's way to move a booking (the
 * calendar's drag is the pointer's); a page form that works without JavaScript (Post/Redirect/Get
 * to the new day), sent by the router without a reload with it.
 */
export function MoveSection({
  entry,
  services,
  staff,
  timeZone,
  reply,
  closeHref,
}: {
  entry: CalendarEntry;
  services: ServiceChoice[];
  staff: StaffChoice[];
  timeZone: string;
  reply: StaffBookingReply | undefined;
  closeHref: string;
}) {
  const refused = reply && !reply.ok && reply.intent === "move" ? reply : undefined;
  const section = useRef<HTMLElement>(null);
  // Opened from the details: the form has the focus (a refusal takes it then, FormRefusal).
  useEffect(() => {
    section.current?.querySelector<HTMLInputElement>('input[name="date"]')?.focus();
  }, [entry.id]);
  const values = new URLSearchParams(refused?.values ?? []);
  const errors = refused?.fieldErrors ?? {};
  const serviceId = services.find((s) => s.title === entry.service)?.id;
  const people = staff.filter((p) => !serviceId || p.services.includes(serviceId));
  const current = staffIdOf(entry.resource);
  const who = clientName(entry) || "Client";
  const when = `${formatInZone(entry.startsAt, timeZone, "EEE MMM d, h:mm a")}${entry.staff ? ` with ${entry.staff}` : ""}`;
  return (
    <section
      ref={section}
      aria-labelledby="move-heading"
      className="flex flex-col gap-4 border border-border bg-surface p-4 sm:p-6"
      data-testid="move-section"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="move-heading" className="text-2xl">
            {`Move ${who}`}
          </h2>
          <p className="text-sm text-muted-foreground">
            {`${serviceLine(entry)} · now ${when}. The client is e-mailed the new time.`}
          </p>
        </div>
        <Link to={closeHref} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Close
        </Link>
      </div>
      {refused ? <FormRefusal key={JSON.stringify(refused)} message={refused.message} /> : null}
      <Form
        method="post"
        className="grid grid-cols-1 gap-4 sm:grid-cols-[repeat(3,minmax(0,12rem))_auto] sm:items-end"
        key={values.toString()}
        data-testid="move-form"
      >
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="from" value="page" />
        <input type="hidden" name="id" value={entry.id} />
        <AdminField
          label="Date"
          name="date"
          type="date"
          required
          defaultValue={values.get("date") ?? formatInZone(entry.startsAt, timeZone, "yyyy-MM-dd")}
          errors={errors.date}
        />
        <AdminField
          label="Time"
          name="time"
          type="time"
          step={300}
          required
          defaultValue={values.get("time") ?? formatInZone(entry.startsAt, timeZone, "HH:mm")}
          errors={errors.time}
        />
        {people.length && current !== null ? (
          <AdminSelect
            label="With"
            name="staff"
            defaultValue={values.get("staff") ?? String(current)}
            errors={errors.staff}
          >
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </AdminSelect>
        ) : (
          <input type="hidden" name="staff" value="" />
        )}
        <Button type="submit">Move</Button>
      </Form>
    </section>
  );
}
