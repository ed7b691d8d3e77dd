import { z } from "zod";
import { SLIDE_ACTIONS, type HeroSlide, type SlideAction, type SlideButton } from "./hero-slides";

/** What the slide editor saves: every column of a hero slide except its id and position. */
export type HeroSlideInput = Omit<HeroSlide, "id" | "displayOrder">;

/** The editor's form fields, flat so the form posts without JavaScript. Buttons are numbered 1 and 2. */
export type HeroSlideFormValues = Record<HeroSlideFieldName, string>;

export const BUTTON_INDEXES = [1, 2] as const;

const BUTTON_FIELDS = ["Label", "Primary", "Action", "Url"] as const;
type ButtonFieldKey = (typeof BUTTON_FIELDS)[number];
export const buttonField = (index: (typeof BUTTON_INDEXES)[number], field: ButtonFieldKey) =>
  `button${index}${field}` as HeroSlideFieldName;

const TEXT_FIELDS = [
  "title",
  "highlight",
  "tag",
  "subtitle",
  "description",
  "imageUrl",
  "imageAlt",
  "isActive",
] as const;
export type HeroSlideFieldName =
  (typeof TEXT_FIELDS)[number] | `button${(typeof BUTTON_INDEXES)[number]}${ButtonFieldKey}`;

export const HERO_SLIDE_FIELDS: HeroSlideFieldName[] = [
  ...TEXT_FIELDS,
  ...BUTTON_INDEXES.flatMap((i) => BUTTON_FIELDS.map((f) => buttonField(i, f))),
];

export const SLIDE_ACTION_LABELS: Record<SlideAction, string> = {
  "scroll-appointment": "Scroll to appointments",
  "scroll-about": "Scroll to the about block",
  call: "Call the salon",
  url: "Open a link",
};

/**
 * A link a visitor may be sent to: a page of this site (/suites, /#about) or a full http(s) address.
 * Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export function isSafeLink(value: string): boolean {
  return (
    /^\/(?![/\\])\S*$/.test(value) ||
    /^#[\w-]+$/.test(value) ||
    /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value) ||
    /^(mailto|tel|sms):\S+$/i.test(value)
  );
}

/** An image the site can show: one of its own files (/images/…, /media/…) or an http(s) address. */
export function isSafeImageSource(value: string): boolean {
  return /^\/(?![/\\])\S+$/.test(value) || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value);
}

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** The slide's own fields; the form reads its limits from here (app/lib/forms/field-rules.ts). */
export const SlideFieldsSchema = z.object({
  title: z.string().trim().min(1, "Enter a title").max(120, "Title must be at most 120 characters"),
  highlight: text(120, "Highlight"),
  tag: text(60, "Tag"),
  subtitle: text(200, "Subtitle"),
  description: text(600, "Description"),
  imageUrl: z
    .string()
    .trim()
    .min(1, "Choose an image for the slide")
    .max(500, "The image address must be at most 500 characters")
    .refine(
      (v) => v === "" || isSafeImageSource(v),
      "Use an image of this site (/images/… or /media/…) or a full https:// address",
    ),
  imageAlt: z
    .string()
    .trim()
    .min(1, "Describe the image in the alt text, for visitors who cannot see it")
    .max(300, "Alt text must be at most 300 characters"),
  isActive: z.boolean(),
});

export type HeroSlideFieldErrors = Partial<Record<HeroSlideFieldName | "form", string[]>>;

export type HeroSlideFormResult =
  | { success: true; data: HeroSlideInput; values: HeroSlideFormValues }
  | { success: false; fieldErrors: HeroSlideFieldErrors; values: HeroSlideFormValues };

/** Reads the posted form into the fields, every value a string (a missing checkbox is ""). */
export function formValues(form: FormData): HeroSlideFormValues {
  const values = {} as HeroSlideFormValues;
  for (const name of HERO_SLIDE_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The form's fields filled from a stored slide (or the defaults of a new one). */
export function valuesFromSlide(slide?: HeroSlideInput): HeroSlideFormValues {
  const values = Object.fromEntries(HERO_SLIDE_FIELDS.map((name) => [name, ""])) as HeroSlideFormValues;
  if (!slide) {
    values.isActive = "on";
    values.button1Primary = "on";
    values.button1Action = "scroll-appointment";
    values.button2Action = "call";
    return values;
  }
  Object.assign(values, {
    title: slide.title,
    highlight: slide.highlight,
    tag: slide.tag,
    subtitle: slide.subtitle,
    description: slide.description,
    imageUrl: slide.imageUrl,
    imageAlt: slide.imageAlt,
    isActive: slide.isActive ? "on" : "",
  });
  BUTTON_INDEXES.forEach((i) => {
    const button = slide.buttons[i - 1];
    values[buttonField(i, "Label")] = button?.label ?? "";
    values[buttonField(i, "Primary")] = button?.primary ? "on" : "";
    values[buttonField(i, "Action")] = button?.action ?? (i === 1 ? "scroll-appointment" : "call");
    values[buttonField(i, "Url")] = button?.url ?? "";
  });
  return values;
}

/** One numbered button's fields, unnumbered (Label, not button1Label). */
export const ButtonFieldsSchema = z.object({
  Label: z.string().trim().max(40, "A button label must be at most 40 characters"),
  Primary: z.boolean(),
  Action: z.string(),
  Url: z.string().trim(),
});

/** One numbered button. An empty label means "no button" (null), unless a link was typed. */
const ButtonFormSchema = ButtonFieldsSchema.superRefine((b, ctx) => {
  if (!b.Label) {
    if (b.Action === "url" && b.Url)
      ctx.addIssue({ code: "custom", path: ["Label"], message: "Give the button a label, or clear its link" });
    return;
  }
  if (!(SLIDE_ACTIONS as readonly string[]).includes(b.Action)) {
    ctx.addIssue({ code: "custom", path: ["Action"], message: "Choose what the button does" });
  }
  if (b.Action !== "url") return;
  if (!b.Url) ctx.addIssue({ code: "custom", path: ["Url"], message: "Enter the link the button opens" });
  else if (b.Url.length > 500)
    ctx.addIssue({ code: "custom", path: ["Url"], message: "The link must be at most 500 characters" });
  else if (!isSafeLink(b.Url)) {
    ctx.addIssue({
      code: "custom",
      path: ["Url"],
      message: "Use a page of this site (/suites) or a full https:// address",
    });
  }
}).transform((b): SlideButton | null => {
  if (!b.Label) return null;
  const button: SlideButton = { label: b.Label, primary: b.Primary, action: b.Action as SlideAction };
  if (b.Action === "url") button.url = b.Url;
  return button;
});

function pushIssues(
  errors: HeroSlideFieldErrors,
  issues: z.core.$ZodIssue[],
  name: (key: string) => HeroSlideFieldName,
) {
  for (const issue of issues) (errors[name(String(issue.path[0]))] ??= []).push(issue.message);
}

/** The authority on what a slide may hold: used by the editor's action on the server. */
export function parseHeroSlideForm(form: FormData): HeroSlideFormResult {
  const values = formValues(form);
  const fieldErrors: HeroSlideFieldErrors = {};
  const fields = SlideFieldsSchema.safeParse({ ...values, isActive: values.isActive === "on" });
  if (!fields.success) pushIssues(fieldErrors, fields.error.issues, (key) => key as HeroSlideFieldName);
  const buttons: SlideButton[] = [];
  for (const i of BUTTON_INDEXES) {
    const parsed = ButtonFormSchema.safeParse({
      Label: values[buttonField(i, "Label")],
      Primary: values[buttonField(i, "Primary")] === "on",
      Action: values[buttonField(i, "Action")],
      Url: values[buttonField(i, "Url")],
    });
    if (!parsed.success) pushIssues(fieldErrors, parsed.error.issues, (key) => buttonField(i, key as ButtonFieldKey));
    else if (parsed.data) buttons.push(parsed.data);
  }
  if (!fields.success || Object.keys(fieldErrors).length) return { success: false, fieldErrors, values };
  return { success: true, data: { ...fields.data, buttons }, values };
}
