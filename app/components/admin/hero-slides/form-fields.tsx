import { useId } from "react";
import { cn } from "~/lib/utils";
import { FieldError } from "~/components/admin/field-error";

/** Labelled textarea, select and checkbox for the slide editor, with errors as AdminField shows them. */
const control =
  "border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger";

function FieldMessages({ id, hint, errors }: { id: string; hint?: string; errors?: string[] }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </>
  );
}

function describedBy(id: string, hint?: string, errors?: string[]) {
  return [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
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
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={4}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={cn(control, "min-h-24 py-2 leading-relaxed")}
        {...props}
      />
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
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
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={cn(control, "h-10")}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
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
