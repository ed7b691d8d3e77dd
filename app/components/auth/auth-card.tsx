import type { LucideIcon } from "lucide-react";

/** The centred card of the sign-in pages outside the admin: an icon, a title, a line, the form. */
export function AuthCard({
  icon: Icon,
  title,
  intro,
  children,
}: {
  icon: LucideIcon;
  title: string;
  intro: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main className="grid min-h-dvh place-items-center bg-surface-muted px-4 py-16">
      <div className="w-full max-w-sm border border-border bg-surface p-8 shadow-sm sm:p-10">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h1 className="text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        {children}
      </div>
    </main>
  );
}

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
