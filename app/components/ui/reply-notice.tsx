import type { ReactNode } from "react";

/** The answer to a form posted on a page without a toast: a status when it worked, an alert when not. */
export function ReplyNotice({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p
      role={ok ? "status" : "alert"}
      className={`mt-8 border-l-2 px-4 py-3 text-sm ${ok ? "border-accent bg-accent-soft" : "border-danger bg-surface-muted"}`}
    >
      {children}
    </p>
  );
}
