import { LoaderCircle } from "lucide-react";
import { useFetcher } from "react-router";
import { AdminCard, AdminField, FieldError } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { Button } from "~/components/ui/button";
import { BOOKING_SERVICES } from "~/content/bookings";
import { SUITE_TOUR } from "~/content/suite-tour";
import type { WeeklyHours } from "~/lib/booking/availability";
import { staffDetailsSchema, type StaffMember, type StaffReply } from "~/lib/booking/staff";
import { schemaMaxLength } from "~/lib/forms/field-rules";
import { WorkingHoursFields } from "./working-hours-fields";

/** Name, photo, services and working hours: adds someone (no `member`) or saves their changes. */
export function StaffDetailsForm({ member, salon }: { member: StaffMember | null; salon: WeeklyHours }) {
  const fetcher = useFetcher<StaffReply>({ key: `staff-details-${member?.id ?? "new"}` });
  const reply = fetcher.data;
  useReplyToast(reply);
  const errors = reply && !reply.ok ? (reply.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  return (
    <AdminCard
      title={member ? "Details" : "New staff member"}
      description="Who they are, the services clients can book with them, and when they work."
    >
      <fetcher.Form method="post" noValidate className="flex flex-col gap-6" aria-label="Staff member details">
        <input type="hidden" name="intent" value={member ? "update" : "create"} />
        <AdminField
          name="name"
          label="Name"
          required
          aria-required="true"
          autoComplete="off"
          maxLength={schemaMaxLength(staffDetailsSchema.shape.name)}
          defaultValue={member?.name ?? ""}
          errors={errors.name}
        />
        <AdminField
          name="email"
          label="E-mail (optional)"
          type="email"
          autoComplete="off"
          maxLength={254}
          defaultValue={member?.email ?? ""}
          errors={errors.email}
          hint="They are e-mailed about their appointments: new, moved, cancelled, with a calendar invitation once confirmed."
        />
        <ImageField
          name="photoUrl"
          label="Photo"
          defaultValue={member?.photoUrl ?? ""}
          errors={errors.photoUrl}
          hint="Optional. Upload one, or choose from the media library."
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Services they do</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {BOOKING_SERVICES.map((service) => (
              <label key={service.id} className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  name="services"
                  value={service.id}
                  defaultChecked={member?.services.includes(service.id) ?? false}
                  className="size-4 accent-[var(--accent)]"
                />
                {service.title}
              </label>
            ))}
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                name="services"
                value={SUITE_TOUR.id}
                defaultChecked={member?.services.includes(SUITE_TOUR.id) ?? false}
                className="size-4 accent-[var(--accent)]"
              />
              Suite tours (the suite manager: tours are booked in their working hours)
            </label>
          </div>
          <FieldError errors={errors.services} />
        </fieldset>
        <WorkingHoursFields hours={member?.hours ?? null} salon={salon} errors={errors} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? (
              <>
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                Saving...
              </>
            ) : member ? (
              "Save changes"
            ) : (
              "Add staff member"
            )}
          </Button>
        </div>
      </fetcher.Form>
    </AdminCard>
  );
}
