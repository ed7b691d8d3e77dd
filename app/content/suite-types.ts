/**
 * The suite types and units a new installation starts with (the seed, app/server/content/seed.server.ts).
 * After that they are rows the admin edits (Admin › Suites).
 */
export interface DefaultSuiteType {
  slug: string;
  /** The application's "suite sizes" choice names the type by this name. */
  name: string;
  sizeLabel: string;
  /** By the week or by the day (RENT_PERIODS, app/lib/suites/suites.ts). */
  rentPeriod: "week" | "day";
  /** The lowest rent, in cents per rentPeriod. */
  rentFromCents: number;
  included: string[];
  photos: { src: string; alt: string }[];
  description: string;
}

export const DEFAULT_SUITE_TYPES: DefaultSuiteType[] = [
  {
    slug: "small",
    name: "Small Suites",
    sizeLabel: "About 120 sq ft",
    rentPeriod: "week",
    rentFromCents: 27500,
    included: [
      "Lockable door with your name on it",
      "Styling chair or treatment bed",
      "Backlit mirror and storage",
      "Wi-Fi, utilities and laundry",
    ],
    photos: [
      {
        src: "/images/suites-gallery-1.jpg",
        alt: "A private suite with a blush styling chair, a backlit arched mirror and a vanity",
      },
    ],
    description: "A private studio for one professional.",
  },
  {
    slug: "large",
    name: "Large Suites / Duos",
    sizeLabel: "About 200 sq ft",
    rentPeriod: "week",
    rentFromCents: 42500,
    included: [
      "Room for two professionals",
      "Two stations, or a station and a bed",
      "Shampoo bowl on request",
      "Window light and extra storage",
    ],
    photos: [
      {
        src: "/images/suites-gallery-6.jpg",
        alt: "A suite with soft sage walls, a styling chair, a trolley and product shelves",
      },
    ],
    description: "Room for two chairs, or a shared studio.",
  },
  {
    slug: "station",
    name: "Hair Stations",
    sizeLabel: "An open station on our salon floor",
    rentPeriod: "week",
    rentFromCents: 19500,
    included: [
      "Hydraulic chair and mirror",
      "Shared shampoo bowls and dryers",
      "Weekly rent, no long lease",
      "Front desk welcome for your clients",
    ],
    photos: [
      {
        src: "/images/suites-gallery-5.jpg",
        alt: "The shampoo area with two backwash bowls and upholstered chairs under globe pendants",
      },
    ],
    description: "Your own chair among other professionals.",
  },
  {
    slug: "daily",
    name: "Daily Rentals",
    sizeLabel: "A fully stocked station, by the day",
    rentPeriod: "day",
    rentFromCents: 6500,
    included: [
      "Styling chair, mirror and a stocked cart",
      "Shampoo bowls, dryers and hot tools",
      "Towels, capes and backbar products",
      "Pay by the day, no lease",
    ],
    photos: [
      {
        src: "/images/suites-gallery-2.jpg",
        alt: "A suite vanity with products, a round brush and a hair dryer before the arched mirror",
      },
    ],
    description: "A chair for the days you need one: pop-ups, visiting artists, busy weekends.",
  },
];

/** The type a later version added: seeded once on databases that already had the first three. */
export const DAILY_RENTALS_SLUG = "daily";

export interface DefaultSuiteUnit {
  name: string;
  typeSlug: string;
}

/** Fourteen units: six small suites, three large, three stations, two day chairs. */
export const DEFAULT_SUITE_UNITS: DefaultSuiteUnit[] = [
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ name: `Suite ${n}`, typeSlug: "small" })),
  ...[7, 8, 9].map((n) => ({ name: `Suite ${n}`, typeSlug: "large" })),
  ...[1, 2, 3].map((n) => ({ name: `Station ${n}`, typeSlug: "station" })),
  ...[1, 2].map((n) => ({ name: `Day Chair ${n}`, typeSlug: DAILY_RENTALS_SLUG })),
];

/** The leases a new installation shows as an example: which unit, who, since and until how many months from the install. */
export const EXAMPLE_LEASES: {
  unit: string;
  name: string;
  email: string;
  phone: string;
  specialty: string;
  startedMonthsAgo: number;
  endsInMonths: number;
  /** In the unit's type's period (all these are weekly). */
  rentCents: number;
}[] = [
  {
    unit: "Suite 1",
    name: "Maya Torres",
    email: "maya@example.com",
    phone: "(713) 555-0141",
    specialty: "Balayage and color",
    startedMonthsAgo: 14,
    endsInMonths: 10,
    rentCents: 27500,
  },
  {
    unit: "Suite 2",
    name: "Jasmine Reed",
    email: "jasmine@example.com",
    phone: "(713) 555-0162",
    specialty: "Lash extensions",
    startedMonthsAgo: 8,
    endsInMonths: 4,
    rentCents: 27500,
  },
  {
    unit: "Suite 3",
    name: "Alicia Nguyen",
    email: "alicia@example.com",
    phone: "(713) 555-0183",
    specialty: "Nails",
    startedMonthsAgo: 5,
    endsInMonths: 7,
    rentCents: 29000,
  },
  {
    unit: "Suite 4",
    name: "Brianna Cole",
    email: "brianna@example.com",
    phone: "(713) 555-0114",
    specialty: "Esthetics and facials",
    startedMonthsAgo: 3,
    endsInMonths: 9,
    rentCents: 29000,
  },
  {
    unit: "Suite 7",
    name: "Keisha and Dana Brooks",
    email: "brooksduo@example.com",
    phone: "(713) 555-0125",
    specialty: "Braids and natural hair",
    startedMonthsAgo: 11,
    endsInMonths: 13,
    rentCents: 42500,
  },
  {
    unit: "Suite 8",
    name: "Sofia Ramirez",
    email: "sofia@example.com",
    phone: "(713) 555-0136",
    specialty: "Bridal hair and makeup",
    startedMonthsAgo: 6,
    endsInMonths: 6,
    rentCents: 45000,
  },
  {
    unit: "Suite 9",
    name: "Tiana Jackson",
    email: "tiana@example.com",
    phone: "(713) 555-0148",
    specialty: "Silk press and cuts",
    startedMonthsAgo: 1,
    endsInMonths: 11,
    rentCents: 42500,
  },
  {
    unit: "Station 1",
    name: "Marcus Lee",
    email: "marcus@example.com",
    phone: "(713) 555-0157",
    specialty: "Barbering",
    startedMonthsAgo: 2,
    endsInMonths: 1,
    rentCents: 19500,
  },
];
