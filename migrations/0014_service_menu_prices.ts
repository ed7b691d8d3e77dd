import type { Kysely } from "kysely";
import { SERVICE_MENU } from "../app/content/service-pages";

/**
 * Every option gets a length and a price of its own. Until now the built-in option lists were
 * plain names, each read with its service's one length and starting price (a men's cut 120 min
 * and $150, like a balayage). A stored list that is still that old default, untouched, is removed,
 * so the new built-in menu shows. A list the owner edited is kept as it is, written with the
 * lengths and prices it showed: a name on the new menu takes that option's length and price, any
 * other the service's old ones (what the site showed for it).
 */

/** The built-in option names before this migration (frozen: they are what "untouched" means). */
const OLD_DEFAULT_NAMES: Record<string, string[]> = {
  hair: [
    "Women's Haircut & Style",
    "Men's Haircut",
    "Blowout & Style",
    "Single-Process Color",
    "Full Highlights",
    "Partial Highlights",
    "Balayage",
    "Color Correction (consultation)",
    "Silk Press",
    "Keratin Smoothing Treatment",
    "Sew-In Weave",
    "Deep Conditioning Treatment",
  ],
  nails: [
    "Classic Manicure",
    "Gel Manicure",
    "Classic Pedicure",
    "Spa Pedicure",
    "Gel Pedicure",
    "Acrylic Full Set",
    "Acrylic Fill",
    "Dip Powder Manicure",
    "Gel-X Extensions",
    "Nail Art (per set)",
    "Polish Change",
    "Paraffin Hand Treatment",
  ],
  "body-sculpting": [
    "Body Contouring Consultation",
    "Wood Therapy Session",
    "Lymphatic Drainage Massage",
    "Cavitation Session",
    "Radio-Frequency Skin Tightening",
    "Vacuum Butt Lift",
    "Laser Lipo Session",
    "Post-Op Recovery Massage",
    "Body Wrap Detox",
    "Sculpting Package (5 sessions)",
  ],
  eyebrows: [
    "Brow Shaping (wax)",
    "Brow Threading",
    "Brow Tint",
    "Brow Lamination",
    "Lamination & Tint",
    "Henna Brows",
    "Microblading",
    "Microblading Touch-Up",
    "Ombré Powder Brows",
    "Combination Brows",
    "Brow Mapping Consultation",
  ],
  makeup: [
    "Full Glam Makeup",
    "Natural / Soft Glam",
    "Bridal Makeup",
    "Bridal Trial",
    "Bridesmaid Makeup",
    "Special Event Makeup",
    "Photoshoot Makeup",
    "Makeup Lesson",
    "Lash Strip Application",
    "Airbrush Makeup",
  ],
  lashes: [
    "Classic Full Set",
    "Hybrid Full Set",
    "Volume Full Set",
    "Mega Volume Full Set",
    "Classic Fill",
    "Hybrid Fill",
    "Volume Fill",
    "Lash Lift",
    "Lash Lift & Tint",
    "Lash Removal",
  ],
  waxing: [
    "Signature Facial",
    "Deep Cleansing Facial",
    "Hydrating Facial",
    "Anti-Aging Facial",
    "Dermaplaning",
    "Chemical Peel",
    "Eyebrow Wax",
    "Lip or Chin Wax",
    "Full Face Wax",
    "Underarm Wax",
    "Full Leg Wax",
    "Brazilian Wax",
  ],
  "lip-fillers": [
    "Lip Filler Consultation",
    "Lip Filler (0.5 ml)",
    "Lip Filler (1 ml)",
    "Lip Flip",
    "Lip Filler Touch-Up",
    "Lip Filler Dissolve",
  ],
};

/** Each service's one length and price before this migration; lip fillers had none (a request). */
const OLD_SERVICE_DEFAULTS: Record<string, { durationMinutes: number; price: string }> = {
  hair: { durationMinutes: 120, price: "$150" },
  nails: { durationMinutes: 60, price: "$45" },
  "body-sculpting": { durationMinutes: 60, price: "$200" },
  eyebrows: { durationMinutes: 60, price: "$120" },
  makeup: { durationMinutes: 60, price: "$80" },
  lashes: { durationMinutes: 120, price: "$100" },
  waxing: { durationMinutes: 45, price: "$60" },
  "lip-fillers": { durationMinutes: 60, price: "" },
};

interface StoredOption {
  name: string;
  durationMinutes: number;
  price: string;
}

const sameName = (a: string, b: string) =>
  a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

const isLength = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 5 && value <= 720;

/** The list as it will be stored: null to remove the row (the old default), else the rewritten JSON, or undefined to keep it. */
export function migratedOptionList(type: string, value: string): string | null | undefined {
  const oldDefaults = OLD_SERVICE_DEFAULTS[type];
  if (!oldDefaults) return undefined;
  let items: unknown;
  try {
    items = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!Array.isArray(items)) return undefined;
  const names = OLD_DEFAULT_NAMES[type];
  const untouched = (item: unknown, i: number) => {
    if (typeof item === "string") return item === names[i];
    const { name, durationMinutes, price } = (item ?? {}) as Record<string, unknown>;
    return name === names[i] && durationMinutes === oldDefaults.durationMinutes && price === oldDefaults.price;
  };
  if (items.length === names.length && items.every(untouched)) return null;
  const menu: StoredOption[] = SERVICE_MENU[type as keyof typeof SERVICE_MENU];
  let changed = false;
  const options = items.flatMap((item: unknown): StoredOption[] => {
    if (typeof item === "string") {
      if (!item.trim()) return [];
      changed = true;
      const known = menu.find((o) => sameName(o.name, item));
      return [
        {
          name: item,
          durationMinutes: known?.durationMinutes ?? oldDefaults.durationMinutes,
          price: known?.price ?? oldDefaults.price,
        },
      ];
    }
    if (!item || typeof item !== "object") return [];
    const { name, durationMinutes, price } = item as Record<string, unknown>;
    if (typeof name !== "string" || !name.trim()) return [];
    if (!isLength(durationMinutes) || typeof price !== "string") changed = true;
    return [
      {
        name,
        durationMinutes: isLength(durationMinutes) ? durationMinutes : oldDefaults.durationMinutes,
        price: typeof price === "string" ? price : oldDefaults.price,
      },
    ];
  });
  return changed ? JSON.stringify(options) : undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the tables as they were
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; page: string; content_value: string }[] = await db
    .selectFrom("site_content")
    .select(["id", "page", "content_value"])
    .where("content_key", "=", "service_options")
    .where("page", "like", "service-%")
    .execute();
  for (const row of rows) {
    const next = migratedOptionList(row.page.slice("service-".length), row.content_value);
    if (next === null) await db.deleteFrom("site_content").where("id", "=", row.id).execute();
    else if (next !== undefined)
      await db.updateTable("site_content").set({ content_value: next }).where("id", "=", row.id).execute();
  }
}

/** Nothing to undo: an option list with lengths and prices reads on the older version too. */
export async function down(): Promise<void> {}
