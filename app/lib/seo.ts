import type { MetaDescriptor } from "react-router";
import type { ContactContent } from "~/content/contact";
import { parseHoursRange, weeklyHours } from "./hours";
import { phoneDigits } from "./phone";

/** Every public route worth indexing, for sitemap.xml. */
export const PUBLIC_PATHS = [
  "/",
  "/about",
  "/services",
  "/contact",
  "/suites",
  "/bookings",
  ...[
    "hair",
    "nails",
    "lashes",
    "makeup",
    "eyebrows",
    "lip-fillers",
    "body-sculpting",
    "facials-waxing",
    "facials",
  ].map((s) => `/services/${s}`),
  ...["facial", "spa-treatment", "manicure", "waxing", "skin-care", "spa-package"].map((s) => `/services/${s}`),
  ...["hair", "nails", "body-sculpting", "eyebrows", "makeup", "lashes", "facials-waxing"].map((s) => `/book/${s}`),
];

export interface PageSeo {
  title: string;
  description: string;
  /** The page's path; with the site's public origin it makes the canonical URL. */
  path: string;
  publicUrl: string;
  businessName: string;
  image?: string;
}

/** Title, description, canonical link and Open Graph / Twitter tags for a public page. */
export function seoMeta({ title, description, path, publicUrl, businessName, image }: PageSeo): MetaDescriptor[] {
  const url = `${publicUrl}${path === "/" ? "/" : path}`;
  const fullTitle = title.includes(businessName) ? title : `${title} | ${businessName}`;
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: businessName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) {
    const absolute = image.startsWith("http") ? image : `${publicUrl}${image}`;
    meta.push({ property: "og:image", content: absolute }, { name: "twitter:image", content: absolute });
  }
  return meta;
}

/** schema.org BeautySalon from the contact content: address, phones, e-mail and opening hours. */
export function beautySalonJsonLd(contact: ContactContent, publicUrl: string, image?: string) {
  const hours = weeklyHours(contact)
    .filter((d) => !d.closed)
    .flatMap((d) => {
      const range = parseHoursRange(d.text);
      return range
        ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: `https://schema.org/${d.schemaDay}`, ...range }]
        : [];
    });
  const sameAs = [contact.social_instagram, contact.social_facebook, contact.social_tiktok].filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "BeautySalon",
    name: contact.business_name,
    url: `${publicUrl}/`,
    ...(image ? { image: image.startsWith("http") ? image : `${publicUrl}${image}` } : {}),
    telephone: phoneDigits(contact.salon_phone),
    email: contact.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: [contact.address_line1, contact.address_line2].filter(Boolean).join(", "),
      addressLocality: contact.city,
      addressRegion: contact.state,
      postalCode: contact.zip,
      addressCountry: "US",
    },
    contactPoint: [contact.salon_phone, contact.tel_phone].filter(Boolean).map((phone) => ({
      "@type": "ContactPoint",
      telephone: phoneDigits(phone),
      contactType: "customer service",
    })),
    openingHoursSpecification: hours,
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so content can never close the tag. */
export function jsonLdScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

type MetaMatch = { id: string; data?: unknown } | undefined;

/** The site's origin and name as the root and site layout loaders provide them to meta(). */
export function siteFromMatches(matches: MetaMatch[]): { publicUrl: string; businessName: string } {
  const root = matches.find((m) => m?.id === "root")?.data as { publicUrl?: string } | undefined;
  const layout = matches.find((m) => m?.id === "routes/site/layout")?.data as
    { contact?: { business_name?: string } } | undefined;
  return {
    publicUrl: root?.publicUrl ?? "",
    businessName: layout?.contact?.business_name ?? "Aurelia Beauty Bar & Suites",
  };
}
