import { z } from "zod";
import type { contactDefaults } from "~/content/contact";
import { editorFields } from "./editors";
import { contactEditor } from "./editors/contact";
import { maxLengthOf } from "./editors/validation";

/** The business profile: identity, phones, social links and hours — the contact page content. */
export const PROFILE_KEYS = [
  "business_name",
  "address_line1",
  "address_line2",
  "city",
  "state",
  "zip",
  "salon_phone",
  "tel_phone",
  "email",
  "social_instagram",
  "social_facebook",
  "social_tiktok",
  "hours_monday",
  "hours_tuesday",
  "hours_wednesday",
  "hours_thursday",
  "hours_friday",
  "hours_saturday",
  "hours_sunday",
  "hours_note",
] as const satisfies readonly (keyof typeof contactDefaults)[];

type ProfileKey = (typeof PROFILE_KEYS)[number];

/** A key of the contact page, trimmed, at most as long as the contact page's editor allows it. */
function contactText(key: ProfileKey) {
  const field = editorFields(contactEditor).find((f) => f.key === key);
  if (!field) throw new Error(`The contact page has no field ${key}`);
  return z.string().trim().max(maxLengthOf(field));
}

const optionalUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === "" || /^https:\/\/[^\s]+$/.test(v), "Enter a full https:// link, or leave it empty");

const PHONE = /^\+?[\d\s().-]{7,25}$/;

/**
 * What Settings saves of the contact page. The keys the contact page's editor also edits keep its
 * limits (app/lib/editors/contact.ts); the Settings form reads them from here.
 */
export const ProfileSchema = z.object({
  business_name: contactText("business_name").min(1, "Business name is required"),
  address_line1: contactText("address_line1").min(1, "Address is required"),
  address_line2: contactText("address_line2"),
  city: contactText("city").min(1, "City is required"),
  state: contactText("state").min(1, "State is required"),
  zip: contactText("zip").regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit zip code"),
  salon_phone: contactText("salon_phone").regex(PHONE, "Enter a valid phone number"),
  tel_phone: contactText("tel_phone").refine((v) => v === "" || PHONE.test(v), "Enter a valid phone number"),
  email: contactText("email").pipe(z.email("Enter a valid email address")),
  social_instagram: optionalUrl,
  social_facebook: optionalUrl,
  social_tiktok: optionalUrl,
  hours_monday: contactText("hours_monday"),
  hours_tuesday: contactText("hours_tuesday"),
  hours_wednesday: contactText("hours_wednesday"),
  hours_thursday: contactText("hours_thursday"),
  hours_friday: contactText("hours_friday"),
  hours_saturday: contactText("hours_saturday"),
  hours_sunday: contactText("hours_sunday"),
  hours_note: contactText("hours_note"),
});
