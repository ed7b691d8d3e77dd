import type { LucideIcon } from "lucide-react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The centred card of the sign-in pages outside the admin (sign in, two-factor, forgot and set
 * password): an icon, a title, a line, the form, and a small link or form under it.
 */
export function AuthCard({
  icon: Icon,
  title,
  intro,
  children,
  footer,
  before,
}: {
  icon: LucideIcon;
  title: string;
  intro: React.ReactNode;
  children: React.ReactNode;
  /** Under the form, in small print: a way back. */
  footer?: React.ReactNode;
  /** Outside the card: the toaster of the sign-in page. */
  before?: React.ReactNode;
}) {
  return (
    <main className="grid min-h-dvh place-items-center bg-surface-muted px-4 py-16">
      {before}
      <div className="w-full max-w-sm border border-border bg-surface p-8 shadow-sm sm:p-10">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h1 className="text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        {children}
        {footer ? <div className="mt-8 text-center text-xs text-muted-foreground">{footer}</div> : null}
      </div>
    </main>
  );
}

/** The e-mail address one signs in with (sign in, forgot password). */
export function AuthEmailField() {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="email">Email</Label>
      <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
    </div>
  );
}

/** The underlined small link of a card's footer. */
export const AUTH_LINK = "underline underline-offset-4 hover:text-foreground";

/** A refusal or a piece of news at the top of the card's form. */
export function AuthNotice({ tone, children }: { tone: "error" | "info"; children: React.ReactNode }) {
  return tone === "error" ? (
    <div role="alert" className="mb-6 border-l-2 border-danger bg-danger/10 px-4 py-3 text-sm">
      {children}
    </div>
  ) : (
    <div role="status" className="mb-6 border-l-2 border-accent bg-accent-soft px-4 py-3 text-sm">
      {children}
    </div>
  );
}
