import { RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { FieldError } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { FieldHint } from "~/components/ui/field-hint";
import type { FieldDef } from "~/lib/editors";
import { maxLengthOf, storedOptionRows } from "~/lib/editors/validation";
import { cn } from "~/lib/utils";
import { OptionsField } from "./options-field";

export interface FieldState {
  value: string;
  overridden: boolean;
  errors?: string[];
}

/** 'Reset to default' for one key: shown only while the key has an override. */
function ResetButton({ label, onReset, busy }: { label: string; onReset: () => void; busy: boolean }) {
  return (
    <button
      type="button"
      onClick={onReset}
      disabled={busy}
      aria-label={`Reset ${label} to default`}
      className="inline-flex items-center gap-1.5 text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline disabled:opacity-50"
    >
      <RotateCcw className="size-3.5" aria-hidden="true" />
      Reset to default
    </button>
  );
}

const control =
  "w-full border border-border bg-surface px-3 text-sm focus-visible:border-foreground aria-invalid:border-danger";

const INPUT_TYPE = { phone: "tel", email: "email", "map-url": "url" } as const;

/** One editor field, rendered by its kind, with its current value, errors and reset. */
export function EditorField({
  field,
  state,
  alt,
  onReset,
  resetting,
}: {
  field: FieldDef;
  state: FieldState;
  /** An image's alt text, a key of its own. */
  alt?: FieldState;
  onReset: (key: string) => void;
  resetting: boolean;
}) {
  const id = useId();
  const max = maxLengthOf(field);
  const [length, setLength] = useState(state.value.length);
  const errors = state.errors;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const counterId = field.counter ? `${id}-count` : undefined;
  const describedBy = [hintId, counterId, errorId].filter(Boolean).join(" ") || undefined;
  const span = field.half ? "sm:col-span-1" : "sm:col-span-2";

  if (field.kind === "image") {
    return (
      <div className={cn("flex min-w-0 flex-col gap-2", span)} data-field={field.key}>
        <ImageField
          name={field.key}
          label={field.label}
          defaultValue={state.value}
          altName={field.altKey}
          altDefaultValue={alt?.value}
          errors={[...(errors ?? []), ...(alt?.errors ?? [])]}
          hint={field.hint}
        />
        {state.overridden || alt?.overridden ? (
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {state.overridden ? (
              <ResetButton label={field.label} busy={resetting} onReset={() => onReset(field.key)} />
            ) : null}
            {alt?.overridden && field.altKey ? (
              <ResetButton
                label={field.altLabel ?? `${field.label} alt text`}
                busy={resetting}
                onReset={() => onReset(field.altKey!)}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    );
  }

  if (field.kind === "options") {
    return (
      <div className={cn("flex min-w-0 flex-col gap-2", span)} data-field={field.key}>
        <OptionsField
          name={field.key}
          label={field.label}
          initial={storedOptionRows(field, state.value)}
          max={max}
          hint={field.hint}
          errors={errors}
          details={field.optionDefaults}
        />
        {state.overridden ? (
          <ResetButton label={field.label} busy={resetting} onReset={() => onReset(field.key)} />
        ) : null}
      </div>
    );
  }

  const common = {
    id,
    name: field.key,
    defaultValue: state.value,
    maxLength: max,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": field.required || undefined,
  } as const;
  const multiline = field.kind === "textarea" || field.kind === "html";

  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", span)} data-field={field.key}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <label htmlFor={id} className="text-sm font-medium">
          {field.label}
          {field.required ? (
            <span className="text-accent" aria-hidden="true">
              {" "}
              *
            </span>
          ) : null}
        </label>
        {state.overridden ? (
          <ResetButton label={field.label} busy={resetting} onReset={() => onReset(field.key)} />
        ) : null}
      </div>
      {multiline ? (
        <textarea
          {...common}
          rows={field.rows ?? (field.kind === "html" ? 2 : 3)}
          onInput={field.counter ? (event) => setLength(event.currentTarget.value.length) : undefined}
          className={cn(
            control,
            "min-h-20 resize-y py-2.5 leading-relaxed",
            field.kind === "html" && "font-mono text-[0.8rem]",
          )}
        />
      ) : (
        <input
          {...common}
          type={field.kind in INPUT_TYPE ? INPUT_TYPE[field.kind as keyof typeof INPUT_TYPE] : "text"}
          inputMode={field.kind === "map-url" ? "url" : undefined}
          className={cn(control, "h-10")}
        />
      )}
      <FieldHint id={hintId} hint={field.hint} />
      {field.counter ? (
        <p
          id={counterId}
          className={cn("text-right text-xs tabular-nums", length >= max ? "text-danger" : "text-muted-foreground")}
        >
          {length} / {max} characters
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
