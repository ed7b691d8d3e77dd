import { Form, Link } from "react-router";
import { AdminField, AdminSelect } from "~/components/admin/fields";
import { Button, buttonVariants } from "~/components/ui/button";
import { walkInSchema, type StaffBookingReply } from "~/lib/booking/staff-forms";
import { formRules } from "~/lib/forms/field-rules";
import { FormRefusal } from "./form-refusal";
import { ServiceOptionGroups } from "./service-option-groups";
import type { ServiceChoice, StaffChoice } from "./choices";

const walkIn = formRules(walkInSchema);

/**
 * "Walk-in" (?walkin=1): a service option and a person (or whoever is free first), booked at the
 * next free time today and confirmed at once; the client's name and contact are optional. A page
 * form that posts and comes back to today's calendar (Post/Redirect/Get), so it works without
 * JavaScript; with it, the router sends it without reloading the page.
 */
export function WalkInSection({
  services,
  staff,
  reply,
  closeHref,
}: {
  services: ServiceChoice[];
  staff: StaffChoice[];
  reply: StaffBookingReply | undefined;
  closeHref: string;
}) {
  const refused = reply && !reply.ok && reply.intent === "walk-in" ? reply : undefined;
  const values = new URLSearchParams(refused?.values ?? []);
  const errors = refused?.fieldErrors ?? {};
  return (
    <section
      aria-labelledby="walk-in-heading"
      className="flex flex-col gap-4 border border-border bg-surface p-4 sm:p-6"
      data-testid="walk-in-section"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="walk-in-heading" className="text-2xl">
            Walk-in
          </h2>
          <p className="text-sm text-muted-foreground">
            Books the next free time today from now, confirmed at once. Name and contact are optional.
          </p>
        </div>
        <Link to={closeHref} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Close
        </Link>
      </div>
      {refused ? <FormRefusal key={JSON.stringify(refused)} message={refused.message} /> : null}
      <Form method="post" className="grid grid-cols-1 gap-4 sm:grid-cols-2" key={values.toString()}>
        <input type="hidden" name="intent" value="walk-in" />
        <input type="hidden" name="from" value="page" />
        <AdminSelect
          label="Service"
          name="choice"
          defaultValue={values.get("choice") ?? undefined}
          errors={errors.service ?? errors.option}
        >
          <ServiceOptionGroups services={services} />
        </AdminSelect>
        {staff.length ? (
          <AdminSelect label="With" name="staff" defaultValue={values.get("staff") ?? "any"} errors={errors.staff}>
            <option value="any">Whoever is free first</option>
            {staff.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </AdminSelect>
        ) : (
          <input type="hidden" name="staff" value="any" />
        )}
        <AdminField
          label="First name (optional)"
          name="firstName"
          autoComplete="off"
          maxLength={walkIn.firstName.maxLength}
          defaultValue={values.get("firstName") ?? ""}
          errors={errors.firstName}
        />
        <AdminField
          label="Last name (optional)"
          name="lastName"
          autoComplete="off"
          maxLength={walkIn.lastName.maxLength}
          defaultValue={values.get("lastName") ?? ""}
          errors={errors.lastName}
        />
        <AdminField
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="off"
          defaultValue={values.get("phone") ?? ""}
          errors={errors.phone}
        />
        <AdminField
          label="E-mail (optional)"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={walkIn.email.maxLength}
          defaultValue={values.get("email") ?? ""}
          errors={errors.email}
        />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit">Book the next free time</Button>
        </div>
      </Form>
    </section>
  );
}
