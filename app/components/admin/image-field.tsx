import { useId, useState } from "react";
import { cn } from "~/lib/utils";

export interface ImageFieldProps {
  /** Form field name that carries the image path or URL (e.g. "/media/2026/salon.jpg"). */
  name: string;
  label: string;
  defaultValue?: string | null;
  /** When set, an alt-text input is shown under the image with this form field name. */
  altName?: string;
  altDefaultValue?: string | null;
  errors?: string[];
  hint?: string;
  className?: string;
}

/**
 * An image chosen by path or URL, with a preview and Remove. The media library issue adds upload and
 * picking from the library to this same component, so every editor gets them at once.
 */
export function ImageField({ name, label, defaultValue, altName, altDefaultValue, errors, hint, className }: ImageFieldProps) {
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? "");
  const errorId = `${id}-error`;
  return (
    <fieldset className={cn("flex flex-col gap-3", className)}>
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex aspect-[4/3] w-full shrink-0 items-center justify-center overflow-hidden border border-border bg-muted sm:w-40">
          {value ? (
            <img src={value} alt="" className="h-full w-full object-cover" />
          ) : (
            <span className="text-xs text-muted-foreground">No image</span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={`${id}-src`} className="text-xs text-muted-foreground">
            Image path or URL
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-src`}
              name={name}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? errorId : undefined}
              className="h-10 min-w-0 flex-1 border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger"
            />
            {value ? (
              <button
                type="button"
                onClick={() => setValue("")}
                className="h-10 border border-border px-3 text-sm hover:border-foreground"
              >
                Remove
              </button>
            ) : null}
          </div>
          {altName ? (
            <>
              <label htmlFor={`${id}-alt`} className="text-xs text-muted-foreground">
                Alt text (describes the image for screen readers)
              </label>
              <input
                id={`${id}-alt`}
                name={altName}
                defaultValue={altDefaultValue ?? ""}
                className="h-10 border border-border bg-surface px-3 text-sm focus-visible:border-foreground"
              />
            </>
          ) : null}
          {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
          {errors?.length ? (
            <p id={errorId} className="text-sm text-danger">
              {errors.join(" ")}
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
