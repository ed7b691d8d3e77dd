import { Info } from "lucide-react";
import { AdminScreenError } from "~/components/admin/screen-error";
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
          Until someone active does the salon&apos;s services, each service books like one chair: one appointment at a
          time, during opening hours. Once at least one such person is active, only they count: a service can be booked
          only when someone who does it is working and free. Suite tours are the suite manager&apos;s and change nothing
          here.
        </p>
        <p>
          {activeCount === 0
            ? "Now: nobody active does the salon's services — each service books like one chair."
            : `Now: ${activeCount} active ${activeCount === 1 ? "person does" : "people do"} the salon's services — availability follows their services, hours and time off.`}
        </p>
      </div>
    </div>
  );
}

const STAFF_ERROR_WORDS = {
  refusedHeading: "Only an admin can manage staff",
  refusedText: "Only an admin can do this. Ask the salon's admin to add or change staff, their hours and time off.",
  missingHeading: "Staff member not found",
  missingText: "This staff member does not exist, or they were deleted.",
  failedHeading: "The staff screen could not be opened",
};

/** The staff screens' error: an editor's refusal (403), someone who no longer exists (404), or a failure. */
export function StaffErrorBoundary({ error }: { error: unknown }) {
  return <AdminScreenError error={error} words={STAFF_ERROR_WORDS} testId="staff-refusal" />;
}
