import { AdminScreenError } from "~/components/admin/screen-error";

const WORDS = {
  refusedHeading: "Only an admin can manage suites",
  refusedText: "Only an admin can do this. Ask the salon's admin to change suite types, units or leases.",
  missingHeading: "Not found",
  missingText: "This suite type or unit does not exist, or it was deleted.",
  failedHeading: "The suites screen could not be opened",
  back404: { href: "/admin/suites", label: "Back to suites" },
};

/** The suites screens' error: an editor's refusal (403), a type or unit that no longer exists (404), or a failure. */
export function SuitesErrorBoundary({ error }: { error: unknown }) {
  return <AdminScreenError error={error} words={WORDS} testId="suites-refusal" />;
}
