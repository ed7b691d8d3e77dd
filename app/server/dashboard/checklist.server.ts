import { contactDefaults, type ContactContent } from "~/content/contact";
import { jsonStrings } from "~/content/json";
import { PAGE_IDS } from "~/content/page-ids";
import { givesToursOnly } from "~/lib/booking/model";
import { SITE_PHOTOS } from "../media/site-photos";
import type { ContentService } from "../content/content.server";
import { nowIso, type DbOrTx } from "../db/database.server";
import { DEMO_EMAIL_DOMAIN } from "../demo/generate";

/**
 * The dashboard's first-run checklist: what an owner changes before the site goes live. Each item
 * is read from the data as it is now; only "prices checked" and "dismissed" are ticks the owner
 * gives, kept in app_meta.
 */

export const CHECKLIST_META = {
  pricesChecked: "checklist_prices_checked",
  dismissed: "checklist_dismissed",
} as const;

export type ChecklistItemId = "business" | "prices" | "photos" | "staff" | "booking" | "two-factor";

export interface ChecklistItem {
  id: ChecklistItemId;
  title: string;
  /** What is left to do, or what was done. */
  detail: string;
  done: boolean;
  /** Where it is done. */
  to: string;
  /** The link's words. */
  action: string;
}

export interface Checklist {
  items: ChecklistItem[];
  doneCount: number;
  dismissed: boolean;
  /** Shown on the dashboard: something is left and the owner has not dismissed it. */
  show: boolean;
}

const BUSINESS_PARTS: { label: string; keys: (keyof ContactContent)[] }[] = [
  { label: "name", keys: ["business_name"] },
  { label: "address", keys: ["address_line1", "address_line2", "city", "state", "zip"] },
  { label: "phone", keys: ["salon_phone"] },
  {
    label: "hours",
    keys: [
      "hours_monday",
      "hours_tuesday",
      "hours_wednesday",
      "hours_thursday",
      "hours_friday",
      "hours_saturday",
      "hours_sunday",
    ],
  },
];

/** The parts of the salon's details (name, address, phone, hours) that still read as the built-in demo's. */
export function businessPartsLeft(contact: ContactContent): string[] {
  return BUSINESS_PARTS.filter((part) => part.keys.every((key) => contact[key] === contactDefaults[key])).map(
    (part) => part.label,
  );
}

const SITE_PHOTO_FILES = new Set(SITE_PHOTOS.map((photo) => photo.file));
const PHOTO_URL = /\/images\/([\w.-]+\.jpg)/g;

/** The built-in photographs a text names (page content, a slide's image). */
export function sitePhotosIn(text: string): string[] {
  return [...text.matchAll(PHOTO_URL)].map((m) => m[1]).filter((file) => SITE_PHOTO_FILES.has(file));
}

/** How many built-in photographs the public pages still show: every editable page and the active hero slides. */
export async function sitePhotosInUse(db: DbOrTx, content: ContentService): Promise<number> {
  const [pages, slides] = await Promise.all([
    Promise.all(PAGE_IDS.map((page) => content.getPage(page))),
    db.selectFrom("hero_slides").select("image_url").where("is_active", "=", 1).execute(),
  ]);
  const used = new Set([
    ...pages.flatMap((page) => sitePhotosIn(JSON.stringify(page))),
    ...slides.flatMap((slide) => sitePhotosIn(slide.image_url)),
  ]);
  return used.size;
}

const NOT_DEMO = `%@${DEMO_EMAIL_DOMAIN}`;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The checklist as the data stands, for the signed-in user (their two-factor). */
export async function firstRunChecklist(db: DbOrTx, content: ContentService, userId: number): Promise<Checklist> {
  const [contact, meta, editedPrices, photos, staff, booking, factor] = await Promise.all([
    content.getPage("contact"),
    db
      .selectFrom("app_meta")
      .select("key")
      .where("key", "in", [CHECKLIST_META.pricesChecked, CHECKLIST_META.dismissed])
      .execute(),
    db
      .selectFrom("site_content")
      .select("id")
      .where("page", "like", "service-%")
      .where("content_key", "=", "service_options")
      .limit(1)
      .executeTakeFirst(),
    sitePhotosInUse(db, content),
    // The people clients book: not the seeded suite manager, who gives tours only.
    db
      .selectFrom("staff")
      .select("services")
      .where("email", "not like", NOT_DEMO)
      .execute()
      .then((rows) => rows.some((row) => !givesToursOnly(jsonStrings(row.services)))),
    db
      .selectFrom("bookings")
      .select("id")
      .where("kind", "=", "appointment")
      .where("email", "not like", NOT_DEMO)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("totp_factors")
      .select("id")
      .where("user_id", "=", userId)
      .where("status", "=", "verified")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const ticked = new Set(meta.map((row) => row.key));
  const businessLeft = businessPartsLeft(contact);
  const items: ChecklistItem[] = [
    {
      id: "business",
      title: "Your salon's name, address, phone and hours",
      detail: businessLeft.length ? `Still the demo's: ${businessLeft.join(", ")}.` : "Set.",
      done: businessLeft.length === 0,
      to: "/admin/edit/contact",
      action: "Edit the contact page",
    },
    {
      id: "prices",
      title: "Prices checked",
      detail: editedPrices
        ? "A service's prices were edited."
        : ticked.has(CHECKLIST_META.pricesChecked)
          ? "You marked them checked."
          : "Look over every service's options and prices.",
      done: !!editedPrices || ticked.has(CHECKLIST_META.pricesChecked),
      to: "/admin/pages",
      action: "Open the service pages",
    },
    {
      id: "photos",
      title: "Your own photos",
      detail: photos
        ? `${plural(photos, "built-in photo is", "built-in photos are")} still on your pages.`
        : "No built-in photos left on your pages.",
      done: photos === 0,
      to: "/admin/pages",
      action: "Replace photos",
    },
    {
      id: "staff",
      title: "Your first staff member",
      detail: staff ? "Added." : "Add the people clients book.",
      done: !!staff,
      to: "/admin/staff/new",
      action: "Add a staff member",
    },
    {
      id: "booking",
      title: "A test booking",
      detail: booking ? "Made." : "Book a time on the site the way a client would.",
      done: !!booking,
      to: "/bookings",
      action: "Book a test appointment",
    },
    {
      id: "two-factor",
      title: "Two-factor sign-in for you",
      detail: factor ? "On." : "Ask for a code from your phone at every sign-in.",
      done: !!factor,
      to: "/admin/settings",
      action: "Turn on two-factor",
    },
  ];
  const doneCount = items.filter((item) => item.done).length;
  const dismissed = ticked.has(CHECKLIST_META.dismissed);
  return { items, doneCount, dismissed, show: !dismissed && doneCount < items.length };
}

/** Records one of the owner's ticks ("prices checked", "dismissed"); ticking twice keeps the first time. */
export async function tickChecklist(db: DbOrTx, key: (typeof CHECKLIST_META)[keyof typeof CHECKLIST_META]) {
  await db
    .insertInto("app_meta")
    .values({ key, value: nowIso() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}
