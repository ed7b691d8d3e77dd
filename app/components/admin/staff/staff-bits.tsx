import { ArrowLeft, Info, ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { isResizable, variantUrl } from "~/lib/images";
import { cn } from "~/lib/utils";

/** A round photo, or the name's initials when there is none. */
export function StaffAvatar({ name, photoUrl, size = "md" }: { name: string; photoUrl: string; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-20 text-xl" : "size-12 text-sm";
  if (photoUrl) {
    return (
      <img
        src={isResizable(photoUrl) ? variantUrl(photoUrl, 320, "webp") : photoUrl}
        alt=""
        loading="lazy"
        decoding="async"
        className={cn("shrink-0 rounded-full bg-surface-muted object-cover", box)}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className={cn("grid shrink-0 place-items-center rounded-full bg-accent-soft font-medium text-foreground", box)}
    >
      {initials}
    </span>
  );
}

/** How staff change online booking: said where the owner adds the first person, so nothing surprises. */
export function BookingRuleHint({ activeCount }: { activeCount: number }) {
  return (
    <div
      className="flex items-start gap-3 border border-border bg-accent-soft/60 p-4 text-sm"
      data-testid="booking-rule"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">How staff change online booking</p>
        <p className="text-muted-foreground">
          Until the salon has any active staff, each service books like one chair: one appointment at a time, during
          opening hours. Once at least one person is active, only active staff count: a service can be booked only when
          someone who does it is working and free.
        </p>
        <p>
          {activeCount === 0
            ? "Now: no active staff — each service books like one chair."
            : `Now: ${activeCount} active ${activeCount === 1 ? "person" : "people"} — availability follows their services, hours and time off.`}
        </p>
      </div>
    </div>
  );
}

/** The staff screens' error: an editor's refusal (403), someone who no longer exists (404), or a failure. */
export function StaffErrorBoundary({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading =
    status === 403
      ? "Only an admin can manage staff"
      : status === 404
        ? "Staff member not found"
        : "The staff screen could not be opened";
  const text =
    status === 403
      ? "Only an admin can do this. Ask the salon's admin to add or change staff, their hours and time off."
      : status === 404
        ? "This staff member does not exist, or they were deleted."
        : "Please try again in a moment.";
  return (
    <div
      className="mx-auto flex max-w-2xl flex-col items-start gap-4 border border-border bg-surface p-8 sm:p-10"
      data-testid="staff-refusal"
    >
      <p className="flex items-center gap-2 text-xs font-medium tracking-[0.2em] text-accent-strong uppercase">
        <ShieldAlert className="size-4" aria-hidden="true" />
        {status === 403 ? "Error 403" : status === 404 ? "Error 404" : "Something went wrong"}
      </p>
      <h2 className="text-3xl">{heading}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
      <Link to="/admin/dashboard" className={buttonVariants({ variant: "outline", size: "sm" })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the dashboard
      </Link>
    </div>
  );
}
