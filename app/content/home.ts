/** Home page content: keyed "section.key" because both sections have a "title" (docs/product.md, Editable content). */
export const homeDefaults = {
  "professionals.title": "For Beauty Professionals",
  "professionals.paragraph1":
    "Aurelia is more than a salon. It is a home for independent stylists, estheticians, lash artists and nail technicians who are ready to run their own business in a space that reflects their craft.",
  "professionals.paragraph2":
    "Our private suites and booth rentals come fully furnished, with utilities, Wi-Fi, laundry and a beautiful front lounge for your clients included — so you can focus on your work and keep what you earn.",
  "about.subtitle": "About Aurelia",
  "about.title": "Private Suites and Booth Rentals",
  "about.description":
    "Lockable suites with styling chairs, shampoo bowls and abundant natural light, plus flexible booth rentals by the week or by the day. Move in ready, in the heart of Upper Kirby.",
  "about.image_url": "/images/suite-interior.jpg",
  "about.button_text": "LEARN MORE",
};

export type HomeContent = typeof homeDefaults;

/** The home services grid: the eight categories, each card to /services/{id}. */
export interface HomeServiceCard {
  id: string;
  title: string;
  description: string;
  image: string;
}

export const HOME_SERVICES: HomeServiceCard[] = [
  {
    id: "hair",
    title: "Hair",
    description: "Precision cuts, dimensional color and silk presses.",
    image: "/images/service-hair.jpg",
  },
  {
    id: "nails",
    title: "Nails and Pedicures",
    description: "Gel manicures, spa pedicures and hand-painted art.",
    image: "/images/service-nails.jpg",
  },
  {
    id: "lashes",
    title: "Lashes",
    description: "Classic, hybrid and volume sets, plus lash lifts.",
    image: "/images/service-lashes.jpg",
  },
  {
    id: "makeup",
    title: "Makeup",
    description: "Soft everyday glam to camera-ready bridal looks.",
    image: "/images/service-makeup.jpg",
  },
  {
    id: "eyebrows",
    title: "Eyebrows",
    description: "Shaping, lamination, tinting and microblading.",
    image: "/images/service-eyebrows.jpg",
  },
  {
    id: "lip-fillers",
    title: "Lip Fillers",
    description: "Subtle, balanced enhancement by licensed injectors.",
    image: "/images/service-lip-fillers.jpg",
  },
  {
    id: "wax",
    title: "Wax",
    description: "Gentle, precise waxing from brows to Brazilian.",
    image: "/images/service-waxing.jpg",
  },
  {
    id: "facials",
    title: "Facials",
    description: "Deep-cleansing, hydrating and anti-aging facials.",
    image: "/images/service-facials.jpg",
  },
];

/** The fixed wording of the home page around its editable keys. */
export const HOME_TEXT = {
  carousel: {
    label: "Featured",
    previous: "Previous slide",
    next: "Next slide",
    /** aria-label of each slide; the live region reads "Slide 2 of 4: {title}". */
    slideOf: (n: number, total: number) => `${n} of ${total}`,
    goTo: (n: number, title: string) => `Go to slide ${n}: ${title}`,
    dots: "Choose a slide",
  },
  professionalsEyebrow: "Build Your Business",
  professionalsCta: "Explore the Suites",
  aboutImageAlt: "Inside one of our private suites",
  servicesEyebrow: "Our Services",
  servicesTitle: "Beauty, by specialists",
  servicesDescription:
    "Every service is performed by licensed professionals who take the time to listen. Choose a category to see the menu and book.",
  servicesAll: "View all services",
  serviceCardCta: "Discover",
  appointmentEyebrow: "Book a Visit",
  appointmentTitle: "Get Appointment",
  appointmentIntro: "Choose a service to see its free times and book one online in a minute.",
  tourTitle: "A beauty professional?",
  tourText: "See the suites in person and meet the community before you apply.",
  tourButton: "Book A Tour",
  chooseServiceTitle: "Choose a service",
  hoursTitle: "Opening Hours",
  hoursEyebrow: "Visit Us",
} as const;

/** The home page's title and description, built from the business identity so they follow its edits. */
export const HOME_SEO = {
  title: (c: { business_name: string; city: string }) => `${c.business_name} | Salon, Spa & Suite Rentals in ${c.city}`,
  description: (c: { city: string }) =>
    `Hair, nails, lashes, brows, makeup, facials and waxing by licensed professionals in ${c.city} — plus private salon suites and booth rentals for beauty professionals.`,
} as const;
