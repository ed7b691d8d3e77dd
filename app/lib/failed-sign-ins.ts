/** The failed sign-in attempts on an account, as its owner sees them (Settings and the dashboard). */
export interface FailedSignIns {
  /** Failed attempts since the sign-in before the current one (all that are kept, if there was none). */
  sinceLastSignIn: number;
  previousSignInAt: string | null;
  total: number;
  page: number;
  pageCount: number;
  rows: { id: number; step: "password" | "code"; ip: string; userAgent: string | null; at: string }[];
}

/** Where the list is: the Settings section, and its pages. */
export const FAILED_SIGN_INS_SECTION = "sign-in-attempts";
export const failedSignInsHref = (page = 1) =>
  `/admin/settings${page > 1 ? `?attempts=${page}` : ""}#${FAILED_SIGN_INS_SECTION}`;

export const STEP_LABEL: Record<FailedSignIns["rows"][number]["step"], string> = {
  password: "Wrong password",
  code: "Wrong two-factor code",
};

/** "12 failed sign-in attempts since your last sign-in", or "… in the last 30 days" before any. */
export function failedSignInsSummary(count: number, previousSignInAt: string | null): string {
  const attempts = `${count.toLocaleString("en-US")} failed sign-in ${count === 1 ? "attempt" : "attempts"}`;
  return `${attempts} ${previousSignInAt ? "since your last sign-in" : "in the last 30 days"}`;
}
