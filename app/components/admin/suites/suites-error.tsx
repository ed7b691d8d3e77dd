import { ArrowLeft, ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** The suites screens' error: an editor's refusal (403), a type or unit that no longer exists (404), or a failure. */
export function SuitesErrorBoundary({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const missing = status === 404 && typeof error === "object" && error && "data" in error ? String(error.data) : "";
  const heading =
    status === 403
      ? "Only an admin can manage suites"
      : status === 404
        ? "Not found"
        : "The suites screen could not be opened";
  const text =
    status === 403
      ? "Only an admin can do this. Ask the salon's admin to change suite types, units or leases."
      : status === 404
        ? missing || "This suite type or unit does not exist, or it was deleted."
        : "Please try again in a moment.";
  return (
    <div
      className="mx-auto flex max-w-2xl flex-col items-start gap-4 border border-border bg-surface p-8 sm:p-10"
      data-testid="suites-refusal"
    >
      <p className="flex items-center gap-2 text-xs font-medium tracking-[0.2em] text-accent-strong uppercase">
        <ShieldAlert className="size-4" aria-hidden="true" />
        {status === 403 ? "Error 403" : status === 404 ? "Error 404" : "Something went wrong"}
      </p>
      <h2 className="text-3xl">{heading}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
      <Link
        to={status === 403 ? "/admin/dashboard" : "/admin/suites"}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {status === 403 ? "Back to the dashboard" : "Back to suites"}
      </Link>
    </div>
  );
}
