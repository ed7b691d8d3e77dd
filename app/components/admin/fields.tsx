import { useId } from "react";
import { cn } from "~/lib/utils";
import { FieldError } from "~/components/admin/field-error";

/** Labelled admin inputs with their error messages. */
export function AdminField({
  label,
  name,
  errors,
  className,
  hint,
  ...props
}: { label: string; name: string; errors?: string[]; hint?: string } & React.ComponentProps<"input">) {
  const generated = useId();
  const id = props.id ?? `${name}-${generated}`;
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="h-10 border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger"
        {...props}
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

export function AdminCard({
  title,
  description,
  children,
  className,
  ...props
}: { title: string; description?: string } & React.ComponentProps<"section">) {
  return (
    <section className={cn("border border-border bg-surface p-6", className)} {...props}>
      <h2 className="text-xl">{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
