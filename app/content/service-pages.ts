import { jsonArray } from "./json";
import type { ServiceType } from "./page-ids";

/**
 * The per-service content pages (service-{type}). Their option lists feed both the
 * /services/{type} page and the /book/{type} page, so a service offers the same choices on both;
 * the default counts are the ones the booking hub states.
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

export const SERVICE_OPTIONS: Record<ServiceType, string[]> = {
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
    service_options: JSON.stringify(SERVICE_OPTIONS[type]),
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
