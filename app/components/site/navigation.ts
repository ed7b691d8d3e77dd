/**
 * The public site's structure (docs/product.md, Public site): the routes the header and footer link to.
 * Labels here are navigation, not editable copy; the business identity comes from content.
 */
export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  { to: "/suites", label: "Suites" },
  { to: "/contact", label: "Contact Us" },
] as const;

/** The eight service category pages, in the order of the header dropdown and the footer. */
export const SERVICE_CATEGORIES = [
  { to: "/services/hair", label: "Hair" },
  { to: "/services/nails", label: "Nails and Pedicures" },
  { to: "/services/lashes", label: "Lashes" },
  { to: "/services/makeup", label: "Makeup" },
  { to: "/services/eyebrows", label: "Eyebrows" },
  { to: "/services/lip-fillers", label: "Lip Fillers" },
  { to: "/services/wax", label: "Wax" },
  { to: "/services/facials", label: "Facials" },
] as const;

/** Where the Services entry sits among MAIN_NAV: after About Us. */
const SERVICES_POSITION = 2;
/** MAIN_NAV as the header and the mobile menu list it: these links, then Services, then the rest. */
export const NAV_BEFORE_SERVICES = MAIN_NAV.slice(0, SERVICES_POSITION);
export const NAV_AFTER_SERVICES = MAIN_NAV.slice(SERVICES_POSITION);

export const SERVICES_INDEX = { to: "/services", label: "Services" } as const;
export const PRICING = { to: "/bookings", label: "Pricing" } as const;
/** The header's call to action, at every width: the booking hub, where each service has its booking page. */
export const BOOK_NOW = { to: PRICING.to, label: "Book now" } as const;

/** aria-current for a link to `to` when the visitor is on that page. */
export function currentFor(pathname: string, to: string): "page" | undefined {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return here === to ? "page" : undefined;
}
