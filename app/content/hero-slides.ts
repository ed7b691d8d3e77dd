/** What a hero slide button does (docs/product.md, Hero slides). */
export const SLIDE_ACTIONS = ["scroll-appointment", "scroll-about", "call", "url"] as const;
export type SlideAction = (typeof SLIDE_ACTIONS)[number];

export interface SlideButton {
  label: string;
  primary: boolean;
  action: SlideAction;
  url?: string;
}

export interface DefaultSlide {
  title: string;
  highlight: string;
  tag: string;
  subtitle: string;
  description: string;
  image_url: string;
  image_alt: string;
  buttons: SlideButton[];
}

/** The four default slides, seeded into hero_slides on an empty database. */
export const DEFAULT_HERO_SLIDES: DefaultSlide[] = [
  {
    tag: "AURELIA BEAUTY BAR & SUITES",
    title: "Welcome",
    highlight: "to Aurelia",
    subtitle: "Beauty bar, salon and spa in Houston",
    description:
      "Hair, nails, lashes, brows, facials and more — delivered by licensed professionals in a calm, light-filled space.",
    image_url: "/images/hero-welcome.jpg",
    image_alt:
      "A bright salon lounge with a blush velvet sofa, velvet chairs, a marble table and a backlit arched mirror",
    buttons: [
      { label: "BOOK ONLINE", primary: true, action: "scroll-appointment" },
      { label: "CALL US", primary: false, action: "call" },
    ],
  },
  {
    tag: "PROFESSIONAL SPACES",
    title: "Suites and Booth Rental",
    highlight: "Available",
    subtitle: "Your own private, fully furnished suite",
    description:
      "Grow your beauty business under your own name, with utilities, Wi-Fi, laundry and a welcoming lounge included.",
    image_url: "/images/hero-suites.jpg",
    image_alt: "A private suite with a blush styling chair and a backlit arched mirror over a walnut and marble vanity",
    buttons: [{ label: "CALL NOW", primary: true, action: "call" }],
  },
  {
    tag: "LIMITED TIME OFFER",
    title: "SPECIALS",
    highlight: "AVAILABLE",
    subtitle: "Start your beauty business with us",
    description:
      "An exclusive offer for professionals ready to start their own beauty business: a professional suite with all amenities included, at a special introductory rate.",
    image_url: "/images/hero-specials.jpg",
    image_alt: "Styling tools and products arranged on white marble",
    buttons: [{ label: "CALL NOW", primary: true, action: "call" }],
  },
  {
    tag: "LUXURY ENVIRONMENT",
    title: "Premium Suite",
    highlight: "Spaces",
    subtitle: "Designed for comfort, built for business",
    description:
      "Elegant finishes, natural light and secure 24/7 access — a space your clients will love coming back to.",
    image_url: "/images/hero-premium.jpg",
    image_alt: "An elegant hallway of private suites with panelled doors and brass globe sconces",
    buttons: [{ label: "LEARN MORE", primary: true, action: "scroll-about" }],
  },
];
