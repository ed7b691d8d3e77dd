import type { MetaDescriptor } from "react-router";
import { ABOUT_TEXT } from "~/content/about";
import { CONTACT_SEO, contactDefaults, type ContactContent } from "~/content/contact";
import { HOME_SEO } from "~/content/home";
import { seoKeys } from "~/content/seo";
import { TREATMENTS } from "~/content/treatments";
import type { PageId } from "./content-rules";

export { seoDefaults, seoKeys } from "~/content/seo";
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
  /** The editor's own title: used as it is, without the business name added. */
  titleAsIs?: boolean;
}

/** Title, description, canonical link and Open Graph / Twitter tags for a public page. */
export function seoMeta({
  title,
  description,
  path,
  publicUrl,
  businessName,
  image,
  titleAsIs,
}: PageSeo): MetaDescriptor[] {
  const url = `${publicUrl}${path === "/" ? "/" : path}`;
  const fullTitle = titleAsIs || title.includes(businessName) ? title : `${title} | ${businessName}`;
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

/** Search results show about this many characters of a title, and of a description. */
export const SEO_TITLE_LENGTH = 60;
export const SEO_DESCRIPTION_LENGTH = 155;

/** A page's search and sharing text: what its head says unless the editor sets its own. */
export interface SeoText {
  title: string;
  description: string;
  image?: string;
}

/**
 * What a page's head says when the editor has set nothing: made from its content (and the
 * salon's name and city), as the pages always did.
 */
export function generatedSeo(
  page: PageId,
  values: Record<string, string>,
  contact: ContactContent = contactDefaults,
): SeoText {
  switch (page) {
    case "home":
      return { title: HOME_SEO.title(contact), description: HOME_SEO.description(contact) };
    case "about":
      return { title: ABOUT_TEXT.seoTitle, description: values.welcome_paragraph1 ?? "", image: values.welcome_image };
    case "contact":
      return { title: CONTACT_SEO.title, description: CONTACT_SEO.description(contact), image: values.hero_image };
    case "services":
      return {
        title: `${values.hero_title ?? "Our Services"} — Facials, Spa, Nails, Hair & More in Houston`,
        description: values.hero_description ?? "",
        image: TREATMENTS[0].image,
      };
    case "suites":
      return {
        title: "Salon Suites & Booth Rentals in Houston",
        description: values.hero_subtitle ?? "",
        image: values.hero_image,
      };
    default:
      return {
        title: `${values.hero_title} in Houston — Book Online`,
        description: values.hero_description ?? "",
        image: values.hero_image,
      };
  }
}

/** The page's own title, description and image where the editor set them, else the generated ones. */
export function pageSeo(
  page: PageId,
  values: Record<string, string>,
  generated: SeoText,
): SeoText & { titleAsIs: boolean } {
  const keys = seoKeys(page);
  const own = (key: string) => (values[key] ?? "").trim();
  return {
    title: own(keys.title) || generated.title,
    titleAsIs: !!own(keys.title),
    description: own(keys.description) || generated.description,
    image: own(keys.image) || generated.image,
  };
}

/** "48 of about 60 characters", or past it "72 characters: search results may cut it after about 60". */
export function lengthHint(length: number, about: number): { text: string; over: boolean } {
  if (length > about)
    return { text: `${length} characters: search results may cut it after about ${about}`, over: true };
  return { text: `${length} of about ${about} characters`, over: false };
}
