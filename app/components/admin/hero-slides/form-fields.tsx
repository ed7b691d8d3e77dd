import { useId } from "react";
import { cn } from "~/lib/utils";
import { controlClass as control, Labelled } from "~/components/admin/fields";

/** aria-invalid and aria-describedby of a control with a hint and errors. */
function ariaFor(id: string, hint?: string, errors?: string[]) {
  return {
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby":
      [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
  } as const;
}

export function TextareaField({
  label,
  name,
  errors,
  hint,
  className,
  ...props
}: { label: string; name: string; errors?: string[]; hint?: string } & React.ComponentProps<"textarea">) {
  const id = `${name}-${useId()}`;
  return (
    <Labelled {...{ id, label, hint, hintId: `${id}-hint`, errors, className }}>
      <textarea
        id={id}
        name={name}
        rows={4}
        {...ariaFor(id, hint, errors)}
        className={cn(control, "min-h-24 py-2 leading-relaxed")}
        {...props}
      />
    </Labelled>
  );
}

export function SelectField({
  label,
  name,
  errors,
  hint,
  options,
  className,
  ...props
}: {
  label: string;
  name: string;
  errors?: string[];
  hint?: string;
  options: { value: string; label: string }[];
} & React.ComponentProps<"select">) {
  const id = `${name}-${useId()}`;
  return (
    <Labelled {...{ id, label, hint, hintId: `${id}-hint`, errors, className }}>
      <select id={id} name={name} {...ariaFor(id, hint, errors)} className={cn(control, "h-10")} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export function CheckboxField({
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
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
