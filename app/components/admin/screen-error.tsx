import { ArrowLeft, ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** What an admin screen's error says: for an editor's refusal (403), something missing (404), a failure. */
export interface ScreenErrorWords {
  refusedHeading: string;
  refusedText: string;
  missingHeading: string;
  missingText: string;
  failedHeading: string;
  /** Where the way back leads after a 404 (the screen's list); the dashboard when not given. */
  back404?: { href: string; label: string };
}

/**
 * An admin screen's error boundary: an editor's refusal (403), a row that no longer exists (404,
 * with the loader's own message when it threw one), or a failure; and the way back.
 */
export function AdminScreenError({
  error,
  words,
  testId,
}: {
  error: unknown;
  words: ScreenErrorWords;
  testId: string;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const thrown = status === 404 && isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
  const heading = status === 403 ? words.refusedHeading : status === 404 ? words.missingHeading : words.failedHeading;
  const text =
    status === 403 ? words.refusedText : status === 404 ? thrown || words.missingText : "Please try again in a moment.";
  const back =
    status === 404 && words.back404 ? words.back404 : { href: "/admin/dashboard", label: "Back to the dashboard" };
  return (
    <div
      className="mx-auto flex max-w-2xl flex-col items-start gap-4 border border-border bg-surface p-8 sm:p-10"
      data-testid={testId}
    >
      <p className="flex items-center gap-2 text-xs font-medium tracking-[0.2em] text-accent-strong uppercase">
        <ShieldAlert className="size-4" aria-hidden="true" />
        {status === 403 ? "Error 403" : status === 404 ? "Error 404" : "Something went wrong"}
      </p>
      <h2 className="text-3xl">{heading}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
      <Link to={back.href} className={buttonVariants({ variant: "outline", size: "sm" })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {back.label}
      </Link>
    </div>
  );
}
