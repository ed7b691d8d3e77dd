import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { BookingRuleHint, StaffAvatar, StaffErrorBoundary } from "~/components/admin/staff/staff-bits";
import { StaffDetailsForm } from "~/components/admin/staff/staff-details-form";
import { CalendarFeedCard, StaffStatusCard, TimeOffCard } from "~/components/admin/staff/staff-extras";
import { UnassignedBookingsCard } from "~/components/admin/staff/staffing-notices";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { calendarFeedUrl } from "~/lib/booking/staff";
import { requireStaff } from "~/server/auth/guard.server";
import { loadBookingRules } from "~/server/booking/model.server";
import { findStaff, listTimeOff, listUnassignedBookings } from "~/server/booking/people/staff.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/staff-member";
import { staffIdParam, staffRouteAction } from "./staff.server";
import { givesToursOnly } from "~/lib/booking/model";
import { jsonStrings } from "~/content/json";

/** /admin/staff/new and /admin/staff/{id} (docs/product.md, Staff): one person's details, time off and feed. */

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Edit Staff Member" : "New Staff Member"} | Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { role: "admin" });
  const { db, content, publicUrl } = args.context.get(servicesContext);
  const { rules } = await loadBookingRules(db, content);
  // The suite manager (tours only) is not the salon's staff: the services still book like chairs.
  const active = await db.selectFrom("staff").select("services").where("is_active", "=", 1).execute();
  const activeCount = active.filter((s) => !givesToursOnly(jsonStrings(s.services))).length;
  const base = { salon: rules.hours, timeZone: rules.timeZone, activeCount };
  if (args.params.id === undefined) return { ...base, member: null, timeOff: [], feedUrl: "", unassigned: [] };
  const member = await findStaff(db, staffIdParam(args.params.id));
  if (!member) throw data("This staff member does not exist, or they were deleted.", { status: 404 });
  return {
    ...base,
    member,
    timeOff: await listTimeOff(db, member.id),
    unassigned: await listUnassignedBookings(db),
    feedUrl: calendarFeedUrl(publicUrl, member.calendarToken),
  };
}

export const action = (args: Route.ActionArgs) =>
  staffRouteAction(args, args.params.id === undefined ? null : staffIdParam(args.params.id));

export const ErrorBoundary = StaffErrorBoundary;

export default function StaffMemberPage({ loaderData }: Route.ComponentProps) {
  const { member, salon, timeOff, timeZone, feedUrl, activeCount, unassigned } = loaderData;
  const hydrated = useHydrated();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-col gap-3">
        <Link
          to="/admin/staff"
          className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to staff
        </Link>
        <div className="flex items-center gap-4">
          {member ? <StaffAvatar name={member.name} photoUrl={member.photoUrl} size="lg" /> : null}
          <div>
            <h2 className="text-3xl break-words">{member ? member.name : "Add staff member"}</h2>
            {member && !member.isActive ? (
              <p className="mt-1 text-sm text-muted-foreground">Inactive: takes no new bookings.</p>
            ) : null}
          </div>
        </div>
      </div>
      {member ? (
        <UnassignedBookingsCard
          bookings={unassigned.filter((b) => member.services.includes(b.service))}
          people={[member]}
          timeZone={timeZone}
        />
      ) : (
        <BookingRuleHint activeCount={activeCount} />
      )}
      <StaffDetailsForm key={member?.id ?? "new"} member={member} salon={salon} />
      {member ? (
        <>
          <TimeOffCard member={member} timeOff={timeOff} timeZone={timeZone} />
          <CalendarFeedCard member={member} feedUrl={feedUrl} />
          <StaffStatusCard member={member} />
        </>
      ) : null}
    </div>
  );
}
