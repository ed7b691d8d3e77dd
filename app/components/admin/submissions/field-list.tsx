import { cn } from "~/lib/utils";

export interface FieldItem {
  label: string;
  value: React.ReactNode;
  /** Long prose: full width, line breaks kept. */
  long?: boolean;
  /** Shown as "Not provided" when empty instead of being left out. */
  keepEmpty?: boolean;
}

const isEmpty = (value: React.ReactNode) => value === null || value === undefined || value === "";

/** A labelled list of a submission's fields: two columns on wide screens, prose full width. */
export function FieldList({ items, className }: { items: FieldItem[]; className?: string }) {
  const shown = items.filter((item) => item.keepEmpty || !isEmpty(item.value));
  if (!shown.length) return null;
  return (
    <dl className={cn("grid gap-x-8 gap-y-5 sm:grid-cols-2", className)}>
      {shown.map((item) => (
        <div key={item.label} className={cn("flex min-w-0 flex-col gap-1", item.long && "sm:col-span-2")}>
          <dt className="text-xs font-medium tracking-[0.12em] text-muted-foreground uppercase">{item.label}</dt>
          <dd className={cn("text-sm break-words", item.long && "whitespace-pre-line leading-relaxed")}>
            {isEmpty(item.value) ? <span className="text-muted-foreground italic">Not provided</span> : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailSection({ title, children, ...props }: { title: string } & React.ComponentProps<"section">) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="border border-border bg-surface p-5 sm:p-6" {...props}>
      <h3 id={id} className="mb-5 text-lg">
        {title}
      </h3>
      {children}
    </section>
  );
}
