import { useId } from "react";
import { cn } from "~/lib/utils";
import { FieldError } from "~/components/admin/field-error";

const controlClass =
  "border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger";

interface LabelledProps {
  label: string;
  name: string;
  errors?: string[];
  className?: string;
}

/** What ties a control to its label and error line. */
interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** One labelled control with an optional hint and its error line: the markup every admin field shares. */
function Labelled({
  label,
  name,
  errors,
  className,
  id: givenId,
  hint,
  control,
}: LabelledProps & { id?: string; hint?: string; control: (props: ControlProps) => React.ReactNode }) {
  const generated = useId();
  const id = givenId ?? `${name}-${generated}`;
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control({
        id,
        name,
        "aria-invalid": errors?.length ? true : undefined,
        "aria-describedby": errors?.length ? errorId : undefined,
      })}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
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
  return (
    <Labelled
      {...{ label, name, errors, className, hint }}
      id={props.id}
      control={(control) => <input {...control} className={cn(controlClass, "h-10")} {...props} />}
    />
  );
}

/** A labelled select with its error line, like AdminField. */
export function AdminSelect({
  label,
  name,
  errors,
  className,
  children,
  ...props
}: LabelledProps & Omit<React.ComponentProps<"select">, "className">) {
  return (
    <Labelled
      {...{ label, name, errors, className }}
      id={props.id}
      control={(control) => (
        <select {...control} className={cn(controlClass, "h-10")} {...props}>
          {children}
        </select>
      )}
    />
  );
}

/** A labelled text area with its error line. */
export function AdminTextarea({
  label,
  name,
  errors,
  className,
  ...props
}: LabelledProps & Omit<React.ComponentProps<"textarea">, "className">) {
  return (
    <Labelled
      {...{ label, name, errors, className }}
      id={props.id}
      control={(control) => <textarea {...control} rows={3} className={cn(controlClass, "py-2")} {...props} />}
    />
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
