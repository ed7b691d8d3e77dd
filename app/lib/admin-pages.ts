/** The editable pages as the Pages list shows them (docs/product.md, Pages and editors). */
export interface EditablePage {
  title: string;
  description: string;
  /** The public page, opened in a new tab from the card. */
  publicPath: string;
  editPath: string;
  sections: string[];
}

const SERVICE_PAGES: [slug: string, title: string, description: string][] = [
  ["hair", "Hair Services", "Cuts, color and treatments: hero, phone and booking options"],
  ["nails", "Nail Services", "Manicures and pedicures: hero, phone and booking options"],
  ["lashes", "Lash Services", "Lash extensions and lifts: hero, phone and booking options"],
  ["makeup", "Makeup Services", "Event and bridal makeup: hero, phone and booking options"],
  ["eyebrows", "Eyebrow Services", "Brow shaping and microblading: hero, phone and booking options"],
  ["body-sculpting", "Body Sculpting", "Contouring treatments: hero, phone and booking options"],
  ["facials-waxing", "Facials & Waxing", "Facials and waxing: hero, phone and booking options"],
  ["lip-fillers", "Lip Fillers", "Lip enhancement: hero, phone and booking options"],
];

export const EDITABLE_PAGES: EditablePage[] = [
  {
    title: "Homepage",
    description: "Hero slides, the professionals statement and the suites block",
    publicPath: "/",
    editPath: "/admin/edit/home",
    sections: ["Hero Slides", "Professionals", "About Section", "Services"],
  },
  {
    title: "About Us",
    description: "Welcome, founder, journey, gallery and mission",
    publicPath: "/about",
    editPath: "/admin/edit/about",
    sections: ["Welcome", "CEO", "Journey", "Gallery", "Mission"],
  },
  {
    title: "Contact Us",
    description: "Contact details, business hours and map",
    publicPath: "/contact",
    editPath: "/admin/edit/contact",
    sections: ["Hero", "Contact Information", "Business Hours", "Map"],
  },
  {
    title: "Services Overview",
    description: "The services page hero and call to action",
    publicPath: "/services",
    editPath: "/admin/edit/services",
    sections: ["Hero", "Call to Action"],
  },
  {
    title: "Suites & Rentals",
    description: "Suite rental hero, application, features and gallery",
    publicPath: "/suites",
    editPath: "/admin/edit/suites",
    sections: ["Hero", "Application", "Features", "Gallery"],
  },
  ...SERVICE_PAGES.map(([slug, title, description]) => ({
    title,
    description,
    publicPath: `/services/${slug}`,
    editPath: `/admin/edit/service/${slug}`,
    sections: ["Hero", "Booking", "Service Options"],
  })),
];

/** Case-insensitive match on title or description (the Pages search). */
export function searchPages(query: string, pages: EditablePage[] = EDITABLE_PAGES): EditablePage[] {
  const q = query.trim().toLowerCase();
  if (!q) return pages;
  return pages.filter((p) => p.title.toLowerCase().includes(q) || p.description.toLowerCase().includes(q));
}
