import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { AdminCard } from "~/components/admin/fields";
import { Pagination } from "~/components/admin/pagination";
import { formatDateTime } from "~/lib/dates";
import {
  FAILED_SIGN_INS_SECTION,
  failedSignInsHref,
  failedSignInsSummary,
  STEP_LABEL,
  type FailedSignIns,
} from "~/lib/failed-sign-ins";

/** The dashboard's notice when someone has tried to sign in to this account and failed. */
export function FailedSignInsNotice({ count, previousSignInAt }: { count: number; previousSignInAt: string | null }) {
  if (!count) return null;
  return (
    <section
      aria-label="Failed sign-in attempts"
      data-testid="failed-sign-ins-notice"
      className="flex flex-wrap items-start gap-3 border border-accent/60 bg-accent-soft/40 p-4 text-sm"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-accent-strong" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-medium">{failedSignInsSummary(count, previousSignInAt)}.</span> If they were not you,
        someone knows your e-mail address; a strong password and two-factor authentication keep them out.{" "}
        <Link to={failedSignInsHref()} className="font-medium text-accent underline underline-offset-4">
          See them in Settings
        </Link>
      </p>
    </section>
  );
}

/** Settings: the account's failed sign-in attempts, newest first, a page at a time. */
export function FailedSignInsCard({ attempts, timeZone }: { attempts: FailedSignIns; timeZone: string }) {
  const { rows, sinceLastSignIn, previousSignInAt, total, page, pageCount } = attempts;
  return (
    <AdminCard
      id={FAILED_SIGN_INS_SECTION}
      title="Failed sign-in attempts"
      description="Wrong passwords and two-factor codes given for your account, from any address, in the last 30 days. Attempts refused for being too many are not checked and not listed."
      data-testid="failed-sign-ins"
    >
      {total ? (
        <>
          <p className="mb-4 text-sm">
            {failedSignInsSummary(sinceLastSignIn, previousSignInAt)}
            {previousSignInAt ? ` (${formatDateTime(previousSignInAt, timeZone)})` : ""}
            {total !== sinceLastSignIn ? `; ${total.toLocaleString("en-US")} kept in all` : ""}.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs tracking-wide text-muted-foreground uppercase">
                <tr>
                  <th className="py-2 pr-4 font-medium">When</th>
                  <th className="py-2 pr-4 font-medium">Address</th>
                  <th className="py-2 pr-4 font-medium">What</th>
                  <th className="py-2 font-medium">Browser</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <time dateTime={row.at}>{formatDateTime(row.at, timeZone)}</time>
                    </td>
                    <td className="py-2 pr-4 font-mono text-xs">{row.ip}</td>
                    <td className="py-2 pr-4">{STEP_LABEL[row.step]}</td>
                    <td className="py-2 text-muted-foreground">{row.userAgent ?? "Unknown browser"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4">
            <Pagination
              page={page}
              pageCount={pageCount}
              href={failedSignInsHref}
              label="Pages of failed sign-in attempts"
            />
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No failed sign-in attempts in the last 30 days.</p>
      )}
    </AdminCard>
  );
}
