import { useId } from "react";
import { cn } from "~/lib/utils";
import { FieldError } from "~/components/admin/field-error";

/** The look of every admin text control, select and text area. */
export const controlClass =
  "border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger";

interface LabelledProps {
  label: string;
  name: string;
  errors?: string[];
  className?: string;
}

/**
 * The label above a control, an optional hint and the error line below: the markup every admin
 * field shares. `hintId` gives the hint an id for a control that names it in aria-describedby.
 */
export function Labelled({
  id,
  label,
  hint,
  hintId,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  hintId?: string;
  errors?: string[];
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A field's id (the given one, or one from its name) and what ties its control to its error line. */
function useControl(name: string, givenId: string | undefined, errors: string[] | undefined) {
  const generated = useId();
  const id = givenId ?? `${name}-${generated}`;
  return {
    id,
    name,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": errors?.length ? `${id}-error` : undefined,
  } as const;
}

/** Labelled admin inputs with their error messages. */
export function AdminField({
  label,
  name,
  errors,
  className,
  hint,
  ...props
}: LabelledProps & { hint?: string } & Omit<React.ComponentProps<"input">, "className">) {
  const control = useControl(name, props.id, errors);
  return (
    <Labelled {...{ id: control.id, label, hint, errors, className }}>
      <input {...control} className={cn("h-10", controlClass)} {...props} />
    </Labelled>
  );
}

/** A labelled select with its error line, like AdminField. */
export function AdminSelect({
  label,
  name,
  errors,
  className,
  ...props
}: LabelledProps & Omit<React.ComponentProps<"select">, "className">) {
  const control = useControl(name, props.id, errors);
  return (
    <Labelled {...{ id: control.id, label, errors, className }}>
      <select {...control} className={cn(controlClass, "h-10")} {...props} />
    </Labelled>
  );
}

/** A labelled text area with its error line, like AdminField. */
export function AdminTextarea({
  label,
  name,
  errors,
  className,
  ...props
}: LabelledProps & Omit<React.ComponentProps<"textarea">, "className">) {
  const control = useControl(name, props.id, errors);
  return (
    <Labelled {...{ id: control.id, label, errors, className }}>
      <textarea {...control} rows={3} className={cn(controlClass, "py-2")} {...props} />
    </Labelled>
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
