import { AlertCircle, LoaderCircle, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
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

/** A suite type: what /suites shows of it. */
export function SuiteTypeForm({
  values,
  errors,
  message,
  isNew,
}: {
  values: SuiteFormValues;
  errors: Errors;
  message?: string;
  isNew: boolean;
}) {
  const { formRef, alert } = useRefusalFocus(message, errors);
  const field = (name: string) => ({ name, defaultValue: values[name] ?? "", errors: errors[name] });
  return (
    <Form method="post" noValidate ref={formRef} className="flex flex-col gap-6" aria-label="Suite type">
      {alert}
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
          <AdminField
            {...field("weeklyRentFrom")}
            label="Rent from, per week, in dollars (required)"
            required
            inputMode="decimal"
            hint="The lowest weekly rent of this type: shown as from $275 / week"
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
          <AdminField
            {...field("displayOrder")}
            label="Order"
            inputMode="numeric"
            hint="Lower numbers come first on the page"
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
      <SaveButton label={isNew ? "Add suite type" : "Save changes"} />
    </Form>
  );
}

/** A unit: its name and type, and who leases it, from when to when, at what weekly rent. */
export function SuiteUnitForm({
  values,
  errors,
  message,
  isNew,
  types,
}: {
  values: SuiteFormValues;
  errors: Errors;
  message?: string;
  isNew: boolean;
  types: { id: number; name: string }[];
}) {
  const { formRef, alert } = useRefusalFocus(message, errors);
  const field = (name: string) => ({ name, defaultValue: values[name] ?? "", errors: errors[name] });
  return (
    <Form method="post" noValidate ref={formRef} className="flex flex-col gap-6" aria-label="Unit">
      {alert}
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
        description="Leave every field empty while the unit is free. It counts as leased from the first day to the last, both included, on the salon's calendar."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <AdminField {...field("lesseeName")} label="Lessee" maxLength={120} autoComplete="off" />
          <AdminField {...field("lesseeSpecialty")} label="Specialty" maxLength={80} autoComplete="off" />
          <AdminField {...field("lesseeEmail")} label="E-mail" type="email" maxLength={254} autoComplete="off" />
          <AdminField {...field("lesseePhone")} label="Phone" type="tel" maxLength={40} autoComplete="off" />
          <AdminField {...field("leaseStart")} label="First day" type="date" />
          <AdminField {...field("leaseEnd")} label="Last day" type="date" hint="Empty: the lease runs on" />
          <AdminField
            {...field("weeklyRent")}
            label="Weekly rent, in dollars"
            inputMode="decimal"
            hint="What this lessee pays a week"
          />
        </div>
      </AdminCard>
      <SaveButton label={isNew ? "Add unit" : "Save changes"} />
    </Form>
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
