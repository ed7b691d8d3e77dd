import { AlertCircle, ArrowLeft, LoaderCircle, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminCard, AdminField, AdminSelect, AdminTextarea } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { Button } from "~/components/ui/button";
import { MAX_SUITE_PHOTOS } from "~/lib/suites/forms";

/** A form's values as strings by field name (what is stored, or what was typed before a refusal). */
export type SuiteFormValues = Record<string, string>;
type Errors = Record<string, string[]>;

/** The refusal above a form; after one, the keyboard goes to the first field to fix. */
function useRefusalFocus(message: string | undefined, errors: Errors) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message) return;
    const invalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    (invalid ?? alertRef.current)?.focus();
  }, [message, errors]);
  const alert = message ? (
    <div
      ref={alertRef}
      tabIndex={-1}
      role="alert"
      className="flex gap-3 border border-danger/50 bg-surface p-4 text-sm"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
      <p>{message}</p>
    </div>
  ) : null;
  return { formRef, alert };
}

function SaveButton({ label }: { label: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  return (
    <div>
      <Button type="submit" disabled={saving}>
        {saving ? (
          <>
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Saving...
          </>
        ) : (
          label
        )}
      </Button>
    </div>
  );
}

/** What each suites form takes: the values to show, the refusal's errors and message, new or not. */
interface SuiteFormProps {
  values: SuiteFormValues;
  errors: Errors;
  message?: string;
  isNew: boolean;
}

/** A field's name, value and errors, spread onto an Admin field. */
type FieldProps = (name: string) => { name: string; defaultValue: string; errors: string[] | undefined };

/**
 * The frame both suites forms share: the refusal above (focused), the fields given `field`, and the
 * save button (its label for a new row, or "Save changes").
 */
function SuiteForm({
  label,
  addLabel,
  values,
  errors,
  message,
  isNew,
  children,
}: SuiteFormProps & { label: string; addLabel: string; children: (field: FieldProps) => React.ReactNode }) {
  const { formRef, alert } = useRefusalFocus(message, errors);
  const field: FieldProps = (name) => ({ name, defaultValue: values[name] ?? "", errors: errors[name] });
  return (
    <Form method="post" noValidate ref={formRef} className="flex flex-col gap-6" aria-label={label}>
      {alert}
      {children(field)}
      <SaveButton label={isNew ? addLabel : "Save changes"} />
    </Form>
  );
}

/** A suites edit page: the way back to the list, its title, then what it edits. */
export function SuiteEditPage({
  title,
  hydrated,
  children,
}: {
  title: string;
  hydrated?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6" data-hydrated={hydrated || undefined}>
      <div>
        <Link
          to="/admin/suites"
          className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to suites
        </Link>
        <h2 className="mt-3 text-3xl">{title}</h2>
      </div>
      {children}
    </div>
  );
}

const RENT_PERIOD_OPTIONS = [
  { value: "week", label: "By the week" },
  { value: "day", label: "By the day" },
];

/** A suite type: what /suites shows of it. */
export function SuiteTypeForm(props: SuiteFormProps) {
  const { values, errors } = props;
  return (
    <SuiteForm {...props} label="Suite type" addLabel="Add suite type">
      {(field) => (
        <>
          <AdminCard title="On the suites page" description="What visitors read about this kind of space.">
            <div className="grid gap-5 sm:grid-cols-2">
              <AdminField {...field("name")} label="Name (required)" required maxLength={60} autoComplete="off" />
              <AdminField
                {...field("slug")}
                label="Web name (required)"
                required
                maxLength={40}
                autoComplete="off"
                hint="Lowercase letters, digits and hyphens; used in links such as the tour's, like small-suites"
              />
              <AdminField
                {...field("sizeLabel")}
                label="Size (required)"
                required
                maxLength={80}
                hint="Like About 120 sq ft"
              />
              <AdminSelect
                {...field("rentPeriod")}
                label="Rented (required)"
                required
                options={RENT_PERIOD_OPTIONS}
                hint="Suites and stations by the week; chairs for a day by the day"
              />
              <AdminField
                {...field("rentFrom")}
                label="Rent from, in dollars (required)"
                required
                inputMode="decimal"
                hint="The lowest rent a week (or a day): shown as from $275 / week, or from $65 / day"
              />
              <AdminField
                {...field("displayOrder")}
                label="Order"
                inputMode="numeric"
                hint="Lower numbers come first on the page"
              />
              <AdminTextarea
                {...field("included")}
                label="What is included"
                rows={5}
                hint="One item a line, at most 12"
                className="sm:col-span-2"
              />
              <AdminTextarea
                {...field("description")}
                label="Short description"
                rows={2}
                maxLength={300}
                className="sm:col-span-2"
              />
            </div>
          </AdminCard>
          <AdminCard
            title="Photos"
            description="Up to three, from the media library or uploaded here. The first leads the card."
          >
            <div className="flex flex-col gap-8">
              {Array.from({ length: MAX_SUITE_PHOTOS }, (_, i) => i + 1).map((n) => (
                <ImageField
                  key={n}
                  name={`photo${n}`}
                  label={`Photo ${n}`}
                  defaultValue={values[`photo${n}`] ?? ""}
                  altName={`photo${n}Alt`}
                  altDefaultValue={values[`photo${n}Alt`] ?? ""}
                  errors={[...(errors[`photo${n}`] ?? []), ...(errors[`photo${n}Alt`] ?? [])]}
                />
              ))}
            </div>
          </AdminCard>
        </>
      )}
    </SuiteForm>
  );
}

/** A unit: its name and type, and who leases it, from when to when, at what rent. */
export function SuiteUnitForm({ types, ...props }: SuiteFormProps & { types: { id: number; name: string }[] }) {
  return (
    <SuiteForm {...props} label="Unit" addLabel="Add unit">
      {(field) => (
        <>
          <AdminCard title="Unit">
            <div className="grid gap-5 sm:grid-cols-2">
              <AdminField {...field("name")} label="Name (required)" required maxLength={40} autoComplete="off" />
              <AdminSelect
                {...field("typeId")}
                label="Suite type (required)"
                required
                options={[
                  { value: "", label: "Choose a type" },
                  ...types.map((t) => ({ value: String(t.id), label: t.name })),
                ]}
              />
            </div>
          </AdminCard>
          <AdminCard
            title="Lease"
            description="Leave every field empty while the unit is free. It counts as leased from the first day to the last, both included, on the salon's calendar. A day chair rented for one day: the same first and last day."
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <AdminField {...field("lesseeName")} label="Lessee" maxLength={120} autoComplete="off" />
              <AdminField {...field("lesseeSpecialty")} label="Specialty" maxLength={80} autoComplete="off" />
              <AdminField {...field("lesseeEmail")} label="E-mail" type="email" maxLength={254} autoComplete="off" />
              <AdminField {...field("lesseePhone")} label="Phone" type="tel" maxLength={40} autoComplete="off" />
              <AdminField {...field("leaseStart")} label="First day" type="date" />
              <AdminField {...field("leaseEnd")} label="Last day" type="date" hint="Empty: the lease runs on" />
              <AdminField
                {...field("rent")}
                label="Rent, in dollars"
                inputMode="decimal"
                hint="What this lessee pays a week, or a day for a type rented by the day"
              />
            </div>
          </AdminCard>
        </>
      )}
    </SuiteForm>
  );
}

/** Deleting what the page edits: a plain post with the delete intent. */
export function DeleteCard({ title, description, label }: { title: string; description: string; label: string }) {
  return (
    <AdminCard title={title} description={description}>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="outline" className="text-danger">
          <Trash2 className="size-4" aria-hidden="true" />
          {label}
        </Button>
      </Form>
    </AdminCard>
  );
}
