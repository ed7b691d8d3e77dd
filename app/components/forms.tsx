import { createContext, Fragment, useContext, useId, useMemo } from "react";
import type { z } from "zod";
import { formRules, type FieldRules } from "~/lib/forms/field-rules";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { cn } from "~/lib/utils";
import type { PublicFormReply } from "~/lib/forms/public-form-types";
import { Button } from "./ui/button";
import { FieldHint } from "./ui/field-hint";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/**
 * Every public form is built from these pieces. The form posts to its page (works without
 * JavaScript: the page re-renders with a status message, the field errors and the visitor's
 * values); app/enhance/forms.ts upgrades it to send to /api/forms/{name} and show toasts. The
 * fields take their limits (maxLength) from the schema the server validates the form with.
 */
export interface FormMessages {
  successTitle: string;
  successDescription: string;
  errorTitle: string;
  errorDescription: string;
}

interface FormState {
  reply?: PublicFormReply;
  formId: string;
  rules?: Record<string, FieldRules>;
}

const FormStateContext = createContext<FormState>({ formId: "form" });

/** The visitor's last value of a field (after a failed no-JS post) and its errors. */
function useFieldState(name: string) {
  const { reply, formId, rules } = useContext(FormStateContext);
  const failed = reply && !reply.ok ? reply : undefined;
  const value = failed?.values[name];
  const errors = failed?.fieldErrors[name] ?? [];
  const maxLength = rules?.[name]?.maxLength;
  return { value, errors, maxLength, errorId: `${formId}-${name}-error`, inputId: `${formId}-${name}` };
}

export function PublicForm({
  name,
  schema,
  reply,
  messages,
  requiredMessage,
  className,
  children,
  action,
  ...rest
}: {
  /** The form's name in /api/forms/{name}; "waitlist" posts to its page only (it passes data-enhance={undefined}). */
  name: "appointment" | "contact" | "booking" | "suite-application" | "waitlist";
  /** The object schema the server validates the form with (app/lib/forms/public-forms.ts). */
  schema: { shape: Record<string, z.core.$ZodType> };
  reply?: PublicFormReply;
  messages: FormMessages;
  /** When set, the enhanced form checks aria-required fields first and shows this toast. */
  requiredMessage?: string;
  action?: string;
  children: React.ReactNode;
} & Omit<React.ComponentProps<"form">, "action" | "method">) {
  const formId = rest.id ?? `${name}-form`;
  const success = reply?.ok ? reply : undefined;
  const rules = useMemo(() => formRules(schema), [schema]);
  return (
    <FormStateContext.Provider value={{ reply, formId, rules }}>
      <form
        method="post"
        action={action}
        id={formId}
        className={className}
        data-enhance="public-form"
        data-json-action={`/api/forms/${name}`}
        data-success-title={messages.successTitle}
        data-success-description={messages.successDescription}
        data-error-title={messages.errorTitle}
        data-error-description={messages.errorDescription}
        data-required-message={requiredMessage}
        {...rest}
      >
        {reply ? (
          <FormStatus
            ok={reply.ok}
            title={reply.ok ? messages.successTitle : messages.errorTitle}
            description={
              reply.ok ? messages.successDescription.replaceAll("{service}", success?.service ?? "") : reply.message
            }
          />
        ) : null}
        <Honeypot />
        {children}
      </form>
    </FormStateContext.Provider>
  );
}

/** The no-JavaScript stand-in for a toast: shown above the form after it was posted. */
function FormStatus({ ok, title, description }: { ok: boolean; title: string; description: string }) {
  return (
    <div
      data-form-status
      role={ok ? "status" : "alert"}
      tabIndex={-1}
      className={cn(
        "mb-6 border-l-2 px-4 py-3 text-sm",
        ok ? "border-success bg-success/10 text-foreground" : "border-danger bg-danger/10 text-foreground",
      )}
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-0.5 text-muted-foreground">{description}</p>
    </div>
  );
}

/** Bots fill every field; people never see this one. */
function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * A field's error slot: always in the page (hidden while empty), so the enhancement script can fill
 * it (app/enhance/forms.ts finds it by data-error-for).
 */
export function ErrorList({
  id,
  name,
  errors,
  className,
}: {
  id: string;
  name: string;
  errors: string[];
  className?: string;
}) {
  return (
    <p
      id={id}
      data-error-for={name}
      hidden={!errors.length}
      className={cn("text-sm text-danger", className)}
      aria-live="polite"
    >
      {errors.join(" ")}
    </p>
  );
}

interface FieldBase {
  name: string;
  label: string;
  /** Marks the field required: native `required` for the browser unless `softRequired`. */
  required?: boolean;
  /** Required, but checked by the enhanced form (toast) and the server instead of the browser. */
  softRequired?: boolean;
  hint?: string;
  className?: string;
}

/** The star after a required field's label (screen readers hear `required` instead). */
function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="text-accent" aria-hidden="true">
      {" "}
      *
    </span>
  ) : null;
}

/** The attributes a text, textarea or select control takes from its required flags and its errors. */
function requiredAndInvalid(required: boolean | undefined, softRequired: boolean | undefined, errors: string[]) {
  return {
    required,
    "aria-required": required || softRequired ? true : undefined,
    "aria-invalid": errors.length ? true : undefined,
  } as const;
}

/** A labelled control: the label (starred when required), the control, an optional hint and the error slot. */
function FieldShell({
  name,
  label,
  required,
  className,
  hint,
  hintId,
  state,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  className?: string;
  hint?: string;
  hintId?: string;
  state: { errors: string[]; errorId: string; inputId: string };
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={state.inputId}>
        {label}
        <RequiredMark required={required} />
      </Label>
      {children}
      <FieldHint id={hintId} hint={hint} />
      <ErrorList id={state.errorId} name={name} errors={state.errors} />
    </div>
  );
}

export function TextField({
  name,
  label,
  required,
  softRequired,
  hint,
  className,
  type = "text",
  ...inputProps
}: FieldBase & Omit<React.ComponentProps<"input">, "name" | "required" | "maxLength">) {
  const state = useFieldState(name);
  const { value, errors, maxLength, errorId, inputId } = state;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <FieldShell {...{ name, label, className, hint, hintId, state }} required={required || softRequired}>
      <Input
        id={inputId}
        name={name}
        type={type}
        {...requiredAndInvalid(required, softRequired, errors)}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
        defaultValue={typeof value === "string" ? value : undefined}
        maxLength={maxLength}
        {...inputProps}
      />
    </FieldShell>
  );
}

const controlClass =
  "w-full rounded-none border border-border bg-surface px-4 text-base text-foreground sm:text-sm transition-colors hover:border-foreground/40 focus-visible:border-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger";

export function TextareaField({
  name,
  label,
  required,
  softRequired,
  hint,
  className,
  rows = 4,
  ...props
}: FieldBase & Omit<React.ComponentProps<"textarea">, "name" | "required" | "maxLength">) {
  const state = useFieldState(name);
  const { value, errors, maxLength, errorId, inputId } = state;
  return (
    <FieldShell {...{ name, label, className, hint, state }} required={required || softRequired}>
      <textarea
        id={inputId}
        name={name}
        rows={rows}
        {...requiredAndInvalid(required, softRequired, errors)}
        aria-describedby={errorId}
        defaultValue={typeof value === "string" ? value : undefined}
        maxLength={maxLength}
        className={cn(controlClass, "py-3")}
        {...props}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  group?: string;
}

/** Runs of options with the same group, in order (options without a group form runs of their own). */
function optionGroups(options: readonly SelectOption[]): { group?: string; items: SelectOption[] }[] {
  const runs: { group?: string; items: SelectOption[] }[] = [];
  for (const option of options) {
    const last = runs.at(-1);
    if (last && last.group === option.group) last.items.push(option);
    else runs.push({ group: option.group, items: [option] });
  }
  return runs;
}

export function SelectField({
  name,
  label,
  required,
  softRequired,
  className,
  options,
  placeholder,
  ...props
}: FieldBase & {
  /** The choices; those with a `group` are shown under it (an optgroup), in the order given. */
  options: readonly SelectOption[];
  /** The first, empty choice ("Select a service"). Its value is "" and it is not selectable when required. */
  placeholder?: string;
} & Omit<React.ComponentProps<"select">, "name" | "required">) {
  const state = useFieldState(name);
  const { value, errors, errorId, inputId } = state;
  return (
    <FieldShell {...{ name, label, className, state }} required={required || softRequired}>
      <select
        id={inputId}
        name={name}
        {...requiredAndInvalid(required, softRequired, errors)}
        aria-describedby={errorId}
        defaultValue={typeof value === "string" ? value : ""}
        className={cn(controlClass, "h-11")}
        {...props}
      >
        {placeholder !== undefined ? (
          <option value="" disabled={required}>
            {placeholder}
          </option>
        ) : null}
        {optionGroups(options).map(({ group, items }, i) => {
          const rendered = items.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ));
          return group ? (
            <optgroup key={`${i}-${group}`} label={group}>
              {rendered}
            </optgroup>
          ) : (
            <Fragment key={i}>{rendered}</Fragment>
          );
        })}
      </select>
    </FieldShell>
  );
}

export function CheckboxField({
  name,
  label,
  required,
  className,
  children,
}: FieldBase & { children?: React.ReactNode }) {
  const { value, errors, errorId, inputId } = useFieldState(name);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          name={name}
          required={required}
          defaultChecked={value === "on"}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 accent-[var(--accent)]"
        />
        <label htmlFor={inputId} className="text-sm leading-relaxed">
          {label}
          <RequiredMark required={required} />
          {children}
        </label>
      </div>
      <ErrorList id={errorId} name={name} errors={errors} />
    </div>
  );
}

/** Radio buttons or checkboxes under one legend (a fieldset). */
export function ChoiceGroupField({
  name,
  label,
  type,
  options,
  required,
  softRequired,
  className,
  defaultValue = [],
}: FieldBase & {
  type: "radio" | "checkbox";
  options: readonly { value: string; label: string }[];
  /** Chosen when the page opens (the visitor's own choice after a failed post wins). */
  defaultValue?: readonly string[];
}) {
  const { value, errors, errorId, inputId } = useFieldState(name);
  const chosen = Array.isArray(value) ? value : value ? [value] : value === undefined ? defaultValue : [];
  const groupId = useId();
  return (
    <fieldset
      className={cn("flex flex-col gap-3", className)}
      aria-describedby={errorId}
      aria-invalid={errors.length ? true : undefined}
    >
      <legend className="mb-3 text-[0.7rem] font-medium tracking-[0.2em] uppercase">
        {label}
        <RequiredMark required={required || softRequired} />
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        {options.map((o, i) => (
          <label key={o.value} className="flex items-center gap-2 text-sm" htmlFor={`${inputId}-${i}-${groupId}`}>
            <input
              id={`${inputId}-${i}-${groupId}`}
              type={type}
              name={name}
              value={o.value}
              required={type === "radio" ? required : undefined}
              defaultChecked={chosen.includes(o.value)}
              className="size-4 accent-[var(--accent)]"
            />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} name={name} errors={errors} />
    </fieldset>
  );
}

export function SubmitButton({
  children,
  pendingText,
  className,
  ...props
}: React.ComponentProps<typeof Button> & { pendingText: string }) {
  return (
    <Button type="submit" size="lg" data-pending-text={pendingText} className={className} {...props}>
      {children}
    </Button>
  );
}

/**
 * The body of a message form (contact, appointment request): the given fields in two columns, the
 * message across both, then the submit button.
 */
export function MessageFormBody({
  text,
  rows,
  children,
}: {
  text: { message: string; messagePlaceholder: string; pending: string; submit: string };
  rows: number;
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        {children}
        <TextareaField
          name="message"
          label={text.message}
          rows={rows}
          placeholder={text.messagePlaceholder}
          className="sm:col-span-2"
        />
      </div>
      <SubmitButton pendingText={text.pending} className="mt-8 w-full sm:w-auto">
        {text.submit}
      </SubmitButton>
    </>
  );
}
