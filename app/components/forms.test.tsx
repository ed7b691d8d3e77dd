import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SlideForm } from "~/components/admin/hero-slides/slide-form";
import { MediaCard } from "~/components/admin/media/media-card";
import { BookingForm } from "~/components/booking/booking-form";
import { ContactForm } from "~/components/contact/contact-form";
import { PublicForm, TextareaField, TextField } from "~/components/forms";
import { ApplicationForm } from "~/components/suites/application-form";
import { PROFILE_KEYS, ProfileSchema } from "~/lib/business-profile";
import { editorFields } from "~/lib/editors";
import { contactEditor } from "~/lib/editors/contact";
import { maxLengthOf } from "~/lib/editors/validation";
import { formRules, schemaMaxLength, schemaRequires } from "~/lib/forms/field-rules";
import { ButtonFieldsSchema, SlideFieldsSchema, valuesFromSlide } from "~/lib/hero-slide-form";
import { MediaAltSchema } from "~/lib/media-alt";
import { bookingFormSchema, ContactFormSchema, SuiteApplicationFormSchema } from "~/lib/forms/public-forms";

const MESSAGES = { successTitle: "Sent", successDescription: "", errorTitle: "Not sent", errorDescription: "" };

function render(element: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

/** Every text input and textarea of the markup: its name, maxlength and whether it is marked required. */
function textControls(html: string) {
  const controls = new Map<string, { maxLength?: number; required: boolean }>();
  for (const [tag] of html.matchAll(/<(?:input|textarea)\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
    const type = attr("type") ?? "text";
    const name = attr("name");
    if (!name || !["text", "email", "tel"].includes(type) || !tag.includes(`id="`)) continue;
    if (tag.startsWith("<input") && tag.includes('tabindex="-1"')) continue; // the honeypot
    const max = attr("maxlength");
    controls.set(name, { maxLength: max ? Number(max) : undefined, required: attr("aria-required") === "true" });
  }
  return controls;
}

describe("form field rules from the schema", () => {
  it("reads a max length through trim, optional, transform and pipe", () => {
    expect(schemaMaxLength(z.string().trim().max(12))).toBe(12);
    expect(
      schemaMaxLength(
        z
          .string()
          .max(40)
          .optional()
          .transform((v) => v || undefined),
      ),
    ).toBe(40);
    expect(schemaMaxLength(z.string().max(254).pipe(z.email()))).toBe(254);
    expect(schemaMaxLength(z.string().optional().pipe(z.string().max(9).optional()))).toBe(9);
    expect(schemaMaxLength(z.string().min(3))).toBeUndefined();
    expect(schemaMaxLength(z.enum(["a", "b"]))).toBeUndefined();
  });

  it("calls a field required when it refuses an empty answer", () => {
    expect(schemaRequires(z.string().trim().min(1))).toBe(true);
    expect(schemaRequires(z.string().trim().max(10))).toBe(false);
    expect(schemaRequires(z.string().optional())).toBe(false);
    expect(schemaRequires(z.enum(["a"]))).toBe(true);
  });

  it("a public form's field takes its maxlength from the schema it is given", () => {
    const html = (max: number) =>
      render(
        <PublicForm
          name="contact"
          schema={z.object({ name: z.string().max(max), note: z.string().max(max * 2) })}
          messages={MESSAGES}
        >
          <TextField name="name" label="Name" />
          <TextareaField name="note" label="Note" />
        </PublicForm>,
      );
    expect(textControls(html(7))).toEqual(
      new Map([
        ["name", { maxLength: 7, required: false }],
        ["note", { maxLength: 14, required: false }],
      ]),
    );
    expect(textControls(html(30)).get("name")?.maxLength).toBe(30);
  });

  const forms: [string, React.ReactNode, { shape: Record<string, z.core.$ZodType> }][] = [
    ["contact", <ContactForm key="contact" />, ContactFormSchema],
    [
      "booking",
      <BookingForm key="booking" serviceKey="facials" options={[]} messages={MESSAGES} />,
      bookingFormSchema([]),
    ],
    [
      "suite application",
      <ApplicationForm key="suites" sent={false} phone="" suiteTypes={["Small Suites"]} />,
      SuiteApplicationFormSchema,
    ],
  ];

  it.each(forms)("every text field of the %s form has its schema's limit and required mark", (_, form, schema) => {
    const rules = formRules(schema);
    const controls = textControls(render(form));
    expect(controls.size).toBeGreaterThan(2);
    for (const [name, control] of controls) {
      expect(rules[name], `${name} is in the schema`).toBeDefined();
      expect({ name, ...control }).toEqual({ name, ...rules[name] });
    }
  });

  it("Settings' business profile keeps the contact editor's limits for the keys both edit", () => {
    const profile = formRules(ProfileSchema);
    const shared = editorFields(contactEditor).filter((f) => (PROFILE_KEYS as readonly string[]).includes(f.key));
    expect(shared.length).toBe(PROFILE_KEYS.length - 3); // all but the social links
    for (const field of shared) {
      expect({ key: field.key, max: profile[field.key as keyof typeof profile].maxLength }).toEqual({
        key: field.key,
        max: maxLengthOf(field),
      });
    }
  });

  it("the hero slide form and the media library's alt text take their limits from their schemas", () => {
    const slide = textControls(render(<SlideForm values={valuesFromSlide()} errors={{}} submitLabel="Save" />));
    const fields = formRules(SlideFieldsSchema);
    for (const name of ["tag", "title", "highlight", "subtitle", "description"] as const) {
      expect({ name, max: slide.get(name)?.maxLength }).toEqual({ name, max: fields[name].maxLength });
    }
    const label = formRules(ButtonFieldsSchema).Label.maxLength;
    expect([slide.get("button1Label")?.maxLength, slide.get("button2Label")?.maxLength]).toEqual([label, label]);

    const image = {
      id: 1,
      url: "/media/a.jpg",
      builtin: false,
      name: "a.jpg",
      alt: "",
      width: 10,
      height: 10,
      sizeBytes: 100,
      mimeType: "image/jpeg",
      createdAt: "2026-01-01T00:00:00Z",
      usages: [],
    };
    const card = textControls(render(<MediaCard image={image} deleting={false} onDelete={() => {}} />));
    expect(card.get("alt")?.maxLength).toBe(formRules(MediaAltSchema).alt.maxLength);
  });
});
