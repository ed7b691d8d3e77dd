import { ChevronDown, ChevronUp, Pencil, Plus, Users } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { BookingRuleHint, StaffAvatar, StaffErrorBoundary } from "~/components/admin/staff/staff-bits";
import { serviceTitle } from "~/lib/booking/model";
import { NobodyDoesWarning, UnassignedBookingsCard } from "~/components/admin/staff/staffing-notices";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { Pagination } from "~/components/admin/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { servicesNobodyDoes, type StaffMember, type StaffReply } from "~/lib/booking/staff";
import { hoursSummary } from "~/lib/booking/working-hours";
import { pageParam } from "~/lib/paging";
import { cn } from "~/lib/utils";
import { requireStaff } from "~/server/auth/guard.server";
import { activeStaff, listStaffPage, listUnassignedBookings } from "~/server/booking/people/staff.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/staff";
import { staffRouteAction } from "./staff.server";
import { givesToursOnly } from "~/lib/booking/model";

/** /admin/staff (docs/product.md, Staff): who takes appointments, in the order the booking page lists them. */

export const meta: Route.MetaFunction = () => [{ title: "Staff | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { role: "admin" });
  const { db, content } = args.context.get(servicesContext);
  const requested = pageParam(new URL(args.request.url).searchParams.get("page"));
  const [list, working, unassigned, { timeZone }] = await Promise.all([
    listStaffPage(db, requested),
    activeStaff(db),
    listUnassignedBookings(db),
    content.getSettings(),
  ]);
  return { ...list, working, unassigned, timeZone };
}

export const action = (args: Route.ActionArgs) => staffRouteAction(args, null);

export const ErrorBoundary = StaffErrorBoundary;

const small = "h-9 gap-1.5 px-3 text-[0.8rem] font-medium tracking-normal normal-case";

function StaffRow({ member, index, total }: { member: StaffMember; index: number; total: number }) {
  const fetcher = useFetcher<StaffReply>({ key: `staff-row-${member.id}` });
  useReplyToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const post = (intent: string) => fetcher.submit({ intent, id: String(member.id) }, { method: "post" });
  const move =
    "grid size-9 place-items-center text-muted-foreground transition-colors hover:bg-surface-muted hover:text-foreground disabled:pointer-events-none disabled:opacity-35";
  return (
    <li
      className={cn(
        "flex flex-col gap-4 border border-border bg-surface p-4 sm:flex-row sm:items-center",
        busy && "opacity-60",
      )}
      data-testid="staff-row"
      data-staff-id={member.id}
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <StaffAvatar name={member.name} photoUrl={member.photoUrl} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words">{member.name}</span>
            <span
              className={cn(
                "border px-2 py-0.5 text-[0.7rem] font-semibold tracking-[0.15em] uppercase",
                member.isActive ? "border-accent/50 text-foreground" : "border-border text-muted-foreground",
              )}
            >
              {member.isActive ? "Active" : "Inactive"}
            </span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {member.services.length ? member.services.map(serviceTitle).join(", ") : "No services yet"}
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">{hoursSummary(member.hours)}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={move}
          disabled={index === 0 || busy}
          onClick={() => post("move-up")}
          aria-label={`Move ${member.name} up`}
        >
          <ChevronUp className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={move}
          disabled={index === total - 1 || busy}
          onClick={() => post("move-down")}
          aria-label={`Move ${member.name} down`}
        >
          <ChevronDown className="size-4" aria-hidden="true" />
        </button>
        <Button
          variant="ghost"
          className={small}
          disabled={busy}
          onClick={() => post(member.isActive ? "deactivate" : "activate")}
          aria-label={`${member.isActive ? "Deactivate" : "Activate"} ${member.name}`}
        >
          {member.isActive ? "Deactivate" : "Activate"}
        </Button>
        <Link
          to={`/admin/staff/${member.id}`}
          className={cn(buttonVariants({ variant: "outline" }), small)}
          aria-label={`Edit ${member.name}`}
        >
          <Pencil className="size-3.5" aria-hidden="true" />
          Edit
        </Link>
      </div>
    </li>
  );
}

export default function StaffList({ loaderData }: Route.ComponentProps) {
  const { members, total, offset, page, pageCount, working, unassigned, timeZone } = loaderData;
  const hydrated = useHydrated();
  // The suite manager (tours only) is not the salon's staff: the services still book like chairs.
  const active = working.filter((s) => !givesToursOnly(s.services)).length;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-3xl">Your team</h2>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">
            The people clients can book: the services each one does, their working hours, time off and their calendar
            feed. The booking page lists them in this order.
          </p>
        </div>
        <Link to="/admin/staff/new" className={cn(buttonVariants(), "self-start sm:self-auto")}>
          <Plus className="size-4" aria-hidden="true" />
          Add staff member
        </Link>
      </div>
      <NobodyDoesWarning services={servicesNobodyDoes(working)} />
      <UnassignedBookingsCard bookings={unassigned} people={working} timeZone={timeZone} />
      <BookingRuleHint activeCount={active} />
      {total === 0 ? (
        <div className="flex flex-col items-center border border-dashed border-foreground/25 bg-surface px-6 py-14 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent-strong">
            <Users className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-5 text-2xl">No staff yet</h3>
          <p className="mt-2 max-w-sm text-sm text-muted-foreground">
            Add the people who take appointments, with the services they do and their hours.
          </p>
        </div>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Staff" start={offset + 1}>
          {members.map((member, index) => (
            <StaffRow key={member.id} member={member} index={offset + index} total={total} />
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} href={(p) => (p > 1 ? `/admin/staff?page=${p}` : "/admin/staff")} />
    </div>
  );
}
