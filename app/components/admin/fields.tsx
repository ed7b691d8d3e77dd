import { useId } from "react";
import { FieldHint } from "~/components/ui/field-hint";
import { cn } from "~/lib/utils";

/*
 * The admin's field kit: every admin form's labels, controls, hints and error lines. (The public
 * forms have their own, Conform-aware kit in components/forms.tsx.)
 */

/** The look of every admin text control, select and text area. */
export const controlClass =
  "border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger";

/**
 * A field's error messages under it, as one line; `id` is what the control's aria-describedby
 * names. Renders nothing without errors. (Public forms use ErrorList: its slot is always there for
 * the enhancement script to fill.)
 */
export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {errors.join(" ")}
    </p>
  );
}

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
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * A field's id (the given one, or one from its name) and what ties its control to its error line,
 * and to its hint when `hint` is given (its id is then `{id}-hint`).
 */
function useControl(name: string, givenId: string | undefined, errors: string[] | undefined, hint?: string) {
  const generated = useId();
  const id = givenId ?? `${name}-${generated}`;
  const describedBy = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    id,
    name,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

/** Labelled admin inputs with their error messages (the hint is shown, not named by the input). */
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

/** A labelled select with its hint and error line; its choices as `options` or as children. */
export function AdminSelect({
  label,
  name,
  errors,
  hint,
  options,
  className,
  children,
  ...props
}: LabelledProps & {
  hint?: string;
  options?: { value: string; label: string }[];
} & Omit<React.ComponentProps<"select">, "className">) {
  const control = useControl(name, props.id, errors, hint);
  return (
    <Labelled {...{ id: control.id, label, hint, hintId: `${control.id}-hint`, errors, className }}>
      <select {...control} className={cn(controlClass, "h-10")} {...props}>
        {options
          ? options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))
          : children}
      </select>
    </Labelled>
  );
}

/** A labelled text area with its hint and error line; `controlClassName` replaces its own padding. */
export function AdminTextarea({
  label,
  name,
  errors,
  hint,
  rows = 3,
  className,
  controlClassName = "py-2",
  ...props
}: LabelledProps & { hint?: string; controlClassName?: string } & Omit<React.ComponentProps<"textarea">, "className">) {
  const { id, "aria-invalid": invalid, "aria-describedby": describedBy } = useControl(name, props.id, errors, hint);
  return (
    <Labelled {...{ id, label, hint, hintId: `${id}-hint`, errors, className }}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={cn(controlClass, controlClassName)}
        {...props}
      />
    </Labelled>
  );
}

/** A checkbox with its label and hint beside it. */
export function AdminCheckbox({
  label,
  name,
  hint,
  className,
  ...props
}: { label: string; name: string; hint?: string } & Omit<React.ComponentProps<"input">, "type">) {
  const id = `${name}-${useId()}`;
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <input
        id={id}
        name={name}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]"
        {...props}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <FieldHint id={`${id}-hint`} hint={hint} />
      </div>
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
