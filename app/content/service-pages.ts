import { jsonArray } from "./json";
import type { ServiceType } from "./page-ids";

/**
 * The per-service content pages (service-{type}). Their option lists feed both the
 * /services/{type} page and the /book/{type} page, so a service offers the same choices on both,
 * at the same lengths and prices; every price on the site is read from them.
 */
export const SERVICE_LABELS: Record<ServiceType, string> = {
  hair: "Hair Services",
  nails: "Nail Services",
  lashes: "Lash Services",
  makeup: "Makeup Services",
  eyebrows: "Eyebrow Services",
  "body-sculpting": "Body Sculpting",
  waxing: "Facials & Waxing",
  "lip-fillers": "Lip Fillers",
};

/** One option of a service's menu: its own length and price (a price as shown, "$65" or "$280+"). */
export interface MenuOption {
  name: string;
  durationMinutes: number;
  price: string;
  /** A colour's processing: after `afterMinutes` of work its person is free for `minutes`, then finishes. */
  processing?: { afterMinutes: number; minutes: number };
}

const option = (name: string, durationMinutes: number, price: string, processing?: MenuOption["processing"]) => ({
  name,
  durationMinutes,
  price,
  ...(processing ? { processing } : {}),
});

/**
 * The built-in menu: what a mid-to-upscale salon in a US city charges in 2026. "+" marks a price
 * that grows with length or density; a consultation is free. The owner edits each service's list.
 */
export const SERVICE_MENU: Record<ServiceType, MenuOption[]> = {
  hair: [
    option("Women's Haircut & Style", 60, "$85"),
    option("Men's Haircut", 45, "$65"),
    option("Blowout & Style", 45, "$55"),
    option("Single-Process Color", 120, "$140+", { afterMinutes: 45, minutes: 35 }),
    option("Full Highlights", 150, "$210+", { afterMinutes: 60, minutes: 40 }),
    option("Partial Highlights", 120, "$160+", { afterMinutes: 45, minutes: 30 }),
    option("Balayage", 180, "$280+", { afterMinutes: 75, minutes: 45 }),
    option("Color Correction (consultation)", 30, "Free"),
    option("Silk Press", 90, "$95"),
    option("Keratin Smoothing Treatment", 180, "$300+", { afterMinutes: 60, minutes: 45 }),
    option("Sew-In Weave", 180, "$250+"),
    option("Deep Conditioning Treatment", 30, "$40"),
  ],
  nails: [
    option("Classic Manicure", 30, "$30"),
    option("Gel Manicure", 45, "$50"),
    option("Classic Pedicure", 45, "$45"),
    option("Spa Pedicure", 60, "$65"),
    option("Gel Pedicure", 60, "$60"),
    option("Acrylic Full Set", 90, "$75+"),
    option("Acrylic Fill", 60, "$55+"),
    option("Dip Powder Manicure", 60, "$55"),
    option("Gel-X Extensions", 90, "$85+"),
    option("Nail Art (per set)", 30, "$20+"),
    option("Polish Change", 20, "$20"),
    option("Paraffin Hand Treatment", 15, "$15"),
  ],
  "body-sculpting": [
    option("Body Contouring Consultation", 30, "Free"),
    option("Wood Therapy Session", 60, "$120"),
    option("Lymphatic Drainage Massage", 60, "$130"),
    option("Cavitation Session", 45, "$110"),
    option("Radio-Frequency Skin Tightening", 45, "$125"),
    option("Vacuum Butt Lift", 45, "$120"),
    option("Laser Lipo Session", 45, "$150"),
    option("Post-Op Recovery Massage", 60, "$140"),
    option("Body Wrap Detox", 90, "$150"),
    option("Sculpting Package (5 sessions)", 60, "$550"),
  ],
  eyebrows: [
    option("Brow Shaping (wax)", 20, "$25"),
    option("Brow Threading", 15, "$22"),
    option("Brow Tint", 20, "$25"),
    option("Brow Lamination", 45, "$75"),
    option("Lamination & Tint", 60, "$95"),
    option("Henna Brows", 45, "$65"),
    option("Microblading", 150, "$450"),
    option("Microblading Touch-Up", 90, "$175"),
    option("Ombré Powder Brows", 150, "$500"),
    option("Combination Brows", 180, "$550"),
    option("Brow Mapping Consultation", 15, "Free"),
  ],
  makeup: [
    option("Full Glam Makeup", 75, "$120"),
    option("Natural / Soft Glam", 60, "$95"),
    option("Bridal Makeup", 90, "$250+"),
    option("Bridal Trial", 90, "$150"),
    option("Bridesmaid Makeup", 60, "$110"),
    option("Special Event Makeup", 60, "$110"),
    option("Photoshoot Makeup", 75, "$130"),
    option("Makeup Lesson", 90, "$150"),
    option("Lash Strip Application", 15, "$20"),
    option("Airbrush Makeup", 75, "$140"),
  ],
  lashes: [
    option("Classic Full Set", 120, "$160"),
    option("Hybrid Full Set", 135, "$190"),
    option("Volume Full Set", 150, "$220"),
    option("Mega Volume Full Set", 180, "$260"),
    option("Classic Fill", 60, "$70"),
    option("Hybrid Fill", 75, "$85"),
    option("Volume Fill", 90, "$95"),
    option("Lash Lift", 60, "$85"),
    option("Lash Lift & Tint", 75, "$105"),
    option("Lash Removal", 30, "$30"),
  ],
  // The facials page's eight facials come first: every facial it lists is booked and priced here.
  waxing: [
    option("Deep Cleansing Facial", 60, "$110"),
    option("Anti-Aging Facial", 75, "$140"),
    option("Hydrating Facial", 60, "$115"),
    option("Acne Treatment Facial", 60, "$120"),
    option("Brightening Facial", 60, "$125"),
    option("Sensitive Skin Facial", 60, "$110"),
    option("Chemical Peel", 45, "$130+"),
    option("Microdermabrasion", 45, "$120"),
    option("Dermaplaning", 45, "$85"),
    option("Eyebrow Wax", 15, "$22"),
    option("Lip or Chin Wax", 10, "$15"),
    option("Full Face Wax", 30, "$55"),
    option("Underarm Wax", 15, "$28"),
    option("Full Leg Wax", 45, "$85"),
    option("Brazilian Wax", 30, "$70"),
  ],
  "lip-fillers": [
    option("Lip Filler Consultation", 30, "Free"),
    option("Lip Filler (0.5 ml)", 45, "$450"),
    option("Lip Filler (1 ml)", 60, "$695"),
    option("Lip Flip", 30, "$175"),
    option("Lip Filler Touch-Up", 30, "$300"),
    option("Lip Filler Dissolve", 30, "$350"),
  ],
};

/** The option names of each service's built-in menu. */
export const SERVICE_OPTIONS: Record<ServiceType, string[]> = Object.fromEntries(
  Object.entries(SERVICE_MENU).map(([type, options]) => [type, options.map((o) => o.name)]),
) as Record<ServiceType, string[]>;

const DESCRIPTIONS: Record<ServiceType, string> = {
  hair: "Cuts, color, silk presses and treatments by stylists who listen first — hair that looks like you, only better.",
  nails: "Manicures, pedicures and nail art in a spotless studio, with hospital-grade sterilization for every tool.",
  "body-sculpting":
    "Non-invasive contouring, lymphatic drainage and recovery treatments to help you feel confident in your skin.",
  eyebrows: "Shaping, lamination, tinting and microblading designed around the natural architecture of your face.",
  makeup: "From soft everyday glam to your wedding day, makeup that photographs beautifully and lasts all night.",
  lashes:
    "Classic, hybrid and volume extensions and lash lifts, applied with care for the health of your natural lashes.",
  waxing: "Results-driven facials and gentle, precise waxing for smooth, glowing skin.",
  "lip-fillers": "Subtle, balanced lip enhancement by licensed injectors, always starting with a consultation.",
};

const IMAGES: Record<ServiceType, string> = {
  hair: "/images/service-hair.jpg",
  nails: "/images/service-nails.jpg",
  "body-sculpting": "/images/service-body-sculpting.jpg",
  eyebrows: "/images/service-eyebrows.jpg",
  makeup: "/images/service-makeup.jpg",
  lashes: "/images/service-lashes.jpg",
  waxing: "/images/service-waxing.jpg",
  "lip-fillers": "/images/service-lip-fillers.jpg",
};

/** A short line above each category page's title. */
export const SERVICE_TAGLINES: Record<ServiceType, string> = {
  hair: "Cut · Color · Care",
  nails: "Manicures · Pedicures · Nail Art",
  "body-sculpting": "Contour · Tone · Recover",
  eyebrows: "Shape · Tint · Microblade",
  makeup: "Everyday Glam to Bridal",
  lashes: "Classic · Hybrid · Volume",
  waxing: "Glow · Smooth · Refresh",
  "lip-fillers": "Subtle, Balanced Enhancement",
};

/** The slug of each category page (as in categoryPath) and the content page behind it. */
export const CATEGORY_SLUGS: Record<string, ServiceType> = {
  hair: "hair",
  nails: "nails",
  lashes: "lashes",
  makeup: "makeup",
  eyebrows: "eyebrows",
  "body-sculpting": "body-sculpting",
  "facials-waxing": "waxing",
  "lip-fillers": "lip-fillers",
};

/**
 * The /services/{id} ids that show a category page, and the content page behind each. /services/wax
 * is the facials-waxing page under the footer's and home grid's shorter name (docs/product.md,
 * Services and service pages).
 */
export const CATEGORY_ROUTES: Record<string, ServiceType> = { ...CATEGORY_SLUGS, wax: "waxing" };

/** The one address of a category page (the canonical URL of /services/wax is facials-waxing). */
export function categoryPath(type: ServiceType): string {
  return `/services/${type === "waxing" ? "facials-waxing" : type}`;
}

export function categoryFor(id: string): ServiceType | undefined {
  return Object.hasOwn(CATEGORY_ROUTES, id) ? CATEGORY_ROUTES[id] : undefined;
}

/** The order of the category cards on /services. */
export const CATEGORY_ORDER: ServiceType[] = [
  "hair",
  "nails",
  "lashes",
  "makeup",
  "eyebrows",
  "body-sculpting",
  "lip-fillers",
  "waxing",
];

export function serviceDefaults(type: ServiceType) {
  const label = SERVICE_LABELS[type];
  return {
    hero_title: label,
    hero_description: DESCRIPTIONS[type],
    hero_image: IMAGES[type],
    phone_number: "(713) 555-0142",
    text_button_label: "Text Us",
    booking_title: `Book Your ${label} Appointment`,
    service_options: JSON.stringify(SERVICE_MENU[type]),
  };
}

export type ServicePageContent = ReturnType<typeof serviceDefaults>;

/**
 * The option names of service_options, JSON text of plain names or of {name, durationMinutes,
 * price}; a broken value reads as an empty list, so the page still renders.
 */
export function parseServiceOptions(value: string): string[] {
  return jsonArray(value).flatMap((item: unknown) => {
    if (typeof item === "string") return [item];
    const name = item && typeof item === "object" ? (item as { name?: unknown }).name : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

/** The fixed wording of the category pages around their editable keys. */
export const SERVICE_PAGE_TEXT = {
  callLabel: "Call Now",
  bookingEyebrow: "Book Online",
  menuTitle: "The menu",
  talkTitle: "Prefer to talk?",
  talkText: "Call or text us and we'll find the perfect time together.",
} as const;
