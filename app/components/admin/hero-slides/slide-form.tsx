import { AlertCircle, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminCard, AdminCheckbox, AdminField, AdminSelect, AdminTextarea } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { formRules } from "~/lib/forms/field-rules";
import {
  buttonField,
  BUTTON_INDEXES,
  ButtonFieldsSchema,
  formValues,
  SLIDE_ACTION_LABELS,
  SlideFieldsSchema,
  type HeroSlideFieldErrors,
  type HeroSlideFieldName,
  type HeroSlideFormValues,
} from "~/lib/hero-slide-form";
import { DELETED_IMAGE_NOTICE } from "~/lib/content-issues";
import { SLIDE_ACTIONS } from "~/lib/hero-slides";
import { SlidePreview } from "./slide-preview";

const SLIDE = formRules(SlideFieldsSchema);
const BUTTON = formRules(ButtonFieldsSchema);

const ACTION_OPTIONS = SLIDE_ACTIONS.map((value) => ({ value, label: SLIDE_ACTION_LABELS[value] }));

/**
 * Every field of a hero slide (docs/product.md, Hero slides). A plain form post: the server validates, and on
 * an error the page comes back with the messages and everything that was typed.
 */
export function SlideForm({
  values,
  errors,
  message,
  imageDeleted,
  submitLabel,
}: {
  values: HeroSlideFormValues;
  errors: HeroSlideFieldErrors;
  message?: string;
  /** The stored image was deleted from the media library: the field holds the default image. */
  imageDeleted?: boolean;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const savingIntent = saving ? navigation.formData?.get("intent") : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [actions, setActions] = useState(() => BUTTON_INDEXES.map((i) => values[buttonField(i, "Action")]));

  // After a refused save, take the keyboard to the first field to fix.
  useEffect(() => {
    if (!message) return;
    const invalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    (invalid ?? alertRef.current)?.focus();
  }, [message, errors]);

  // The preview keeps its own state: a typed key re-renders the preview, not the whole form.
  const [store] = useState(() => createPreviewStore(values));
  const showInPreview = store.set;

  const err = (name: keyof HeroSlideFieldErrors) => errors[name];
  /** A field's name, the value it shows and its errors. */
  const field = (name: HeroSlideFieldName) => ({ name, defaultValue: values[name], errors: err(name) });
  const textField = (name: keyof typeof SLIDE & HeroSlideFieldName) => ({
    ...field(name),
    maxLength: SLIDE[name].maxLength,
  });

  return (
    <Form
      method="post"
      ref={formRef}
      noValidate
      onChange={(event) => showInPreview(formValues(new FormData(event.currentTarget)))}
      className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_18rem] 2xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start"
    >
      <div className="flex min-w-0 flex-col gap-6">
        {message ? (
          <div
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className="flex gap-3 border border-danger/50 bg-surface p-4 text-sm"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
            <p>{message}</p>
          </div>
        ) : null}

        <AdminCard
          title="Text"
          description="The words over the picture. The title is required; everything else is optional."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <AdminField
              {...textField("tag")}
              label="Tag"
              hint="Small capitals above the title, e.g. LIMITED TIME OFFER"
              className="sm:col-span-2"
            />
            <AdminField required {...textField("title")} label="Title (required)" />
            <AdminField
              {...textField("highlight")}
              label="Highlight"
              hint="Follows the title in the accent colour, in italics"
            />
            <AdminField {...textField("subtitle")} label="Subtitle" className="sm:col-span-2" />
            <AdminTextarea
              {...textField("description")}
              label="Description"
              rows={4}
              className="sm:col-span-2"
              controlClassName="min-h-24 py-2 leading-relaxed"
            />
          </div>
        </AdminCard>

        <AdminCard
          title="Image"
          description="A wide, bright photograph works best; the words sit over its left side on large screens."
        >
          {imageDeleted ? (
            <p
              className="mb-4 flex items-start gap-2 border border-accent/60 bg-accent-soft/40 p-3 text-sm"
              data-testid="slide-image-deleted"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent-strong" aria-hidden="true" />
              {DELETED_IMAGE_NOTICE}
            </p>
          ) : null}
          <ImageField
            name="imageUrl"
            label="Slide image (required)"
            defaultValue={values.imageUrl}
            altName="imageAlt"
            altDefaultValue={values.imageAlt}
            errors={[...(err("imageUrl") ?? []), ...(err("imageAlt") ?? [])].map((m) => `${m}.`)}
            onValueChange={({ src, alt }) => showInPreview({ imageUrl: src, imageAlt: alt })}
          />
        </AdminCard>

        <AdminCard
          title="Buttons"
          description="Up to two buttons. Leave a label empty for no button; 'Call the salon' dials the salon phone from Settings."
        >
          <div className="grid gap-8 md:grid-cols-2">
            {BUTTON_INDEXES.map((i, index) => (
              <fieldset key={i} className="flex min-w-0 flex-col gap-4">
                <legend className="mb-3 text-xs font-medium tracking-[0.2em] text-muted-foreground uppercase">
                  Button {i}
                </legend>
                <AdminField
                  {...field(buttonField(i, "Label"))}
                  label={`Button ${i} label`}
                  maxLength={BUTTON.Label.maxLength}
                />
                <AdminSelect
                  {...field(buttonField(i, "Action"))}
                  label={`Button ${i} action`}
                  options={ACTION_OPTIONS}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setActions((current) => current.map((a, j) => (j === index ? value : a)));
                  }}
                />
                {actions[index] === "url" ? (
                  <AdminField
                    {...field(buttonField(i, "Url"))}
                    label={`Button ${i} link`}
                    placeholder="/suites or https://…"
                    inputMode="url"
                  />
                ) : null}
                <AdminCheckbox
                  name={buttonField(i, "Primary")}
                  label={`Button ${i} is the primary button`}
                  hint="Filled in the accent colour; otherwise outlined"
                  defaultChecked={values[buttonField(i, "Primary")] === "on"}
                />
              </fieldset>
            ))}
          </div>
        </AdminCard>

        <AdminCard title="Visibility">
          <AdminCheckbox
            name="isActive"
            label="Show this slide on the home page"
            hint="A hidden slide stays in the list and can be shown again at any time."
            defaultChecked={values.isActive === "on"}
          />
        </AdminCard>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-border bg-surface/95 px-4 py-4 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 xl:mx-0 xl:border xl:px-6">
          <Link to="/admin/hero-slides" className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" name="intent" value="save" variant="outline" disabled={saving}>
            {savingIntent === "save" ? "Saving..." : "Save draft"}
          </Button>
          <Button type="submit" name="intent" value="publish" disabled={saving}>
            {savingIntent === "publish" ? "Saving..." : submitLabel}
          </Button>
        </div>
      </div>

      <aside aria-label="Preview" className="xl:sticky xl:top-24">
        <LivePreview store={store} />
      </aside>
    </Form>
  );
}

type PreviewStore = ReturnType<typeof createPreviewStore>;

/** The values the preview shows; a change that alters nothing notifies no one. */
function createPreviewStore(initial: HeroSlideFormValues) {
  let values = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => values,
    set: (next: Partial<HeroSlideFormValues>) => {
      const keys = Object.keys(next) as (keyof HeroSlideFormValues)[];
      if (!keys.some((k) => next[k] !== values[k])) return;
      values = { ...values, ...next };
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function LivePreview({ store }: { store: PreviewStore }) {
  const values = useSyncExternalStore(store.subscribe, store.get, store.get);
  return <SlidePreview values={values} />;
}
