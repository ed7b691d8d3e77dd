import { useId } from "react";
import { FieldError } from "~/components/admin/field-error";
import { cn } from "~/lib/utils";

const controlClass =
  "border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger";

interface Labelled {
  label: string;
  name: string;
  errors?: string[];
  className?: string;
}

/** A labelled select with its error line, like AdminField. */
export function AdminSelect({
  label,
  name,
  errors,
  className,
  children,
  ...props
}: Labelled & Omit<React.ComponentProps<"select">, "className">) {
  const generated = useId();
  const id = props.id ?? `${name}-${generated}`;
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={cn(controlClass, "h-10")}
        {...props}
      >
        {children}
      </select>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled text area with its error line. */
export function AdminTextarea({
  label,
  name,
  errors,
  className,
  ...props
}: Labelled & Omit<React.ComponentProps<"textarea">, "className">) {
  const generated = useId();
  const id = props.id ?? `${name}-${generated}`;
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={cn(controlClass, "py-2")}
        {...props}
      />
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
