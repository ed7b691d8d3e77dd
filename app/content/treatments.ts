import { bookingServiceFor } from "./bookings";
import type { ServiceType } from "./page-ids";

/**
 * The six signature treatments of /services and their detail pages /services/{id}. Their words are
 * fixed; their price and length are read from the service options they name (`menu`), which the
 * owner edits.
 */
export interface TreatmentStep {
  title: string;
  description: string;
}

export interface Treatment {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  image: string;
  imageAlt: string;
  features: string[];
  /**
   * The options on the services' menus this treatment is: "choice" shows the lowest price and the
   * range of lengths, "package" the sum of all of them (one visit).
   */
  menu: { kind: "choice" | "package"; options: [ServiceType, string][] };
  process: TreatmentStep[];
  benefits: string[];
}

export const TREATMENTS: Treatment[] = [
  {
    id: "facial",
    title: "Facial Treatments",
    subtitle: "Clear, luminous skin, tailored to you",
    description:
      "Every facial begins with a consultation and a close look at your skin under magnification. From there your esthetician builds a treatment around what your skin needs today — deep cleansing, hydration, brightening or calm — using professional, results-driven formulas.",
    image: "/images/treatment-facial.jpg",
    imageAlt: "A clay mask bowl and brush, a rose-quartz roller, serum and folded towels with eucalyptus",
    features: [
      "Personal skin analysis",
      "Double cleanse and gentle exfoliation",
      "Extractions as needed",
      "Custom mask and facial massage",
    ],
    menu: {
      kind: "choice",
      options: [
        ["waxing", "Deep Cleansing Facial"],
        ["waxing", "Anti-Aging Facial"],
        ["waxing", "Hydrating Facial"],
        ["waxing", "Acne Treatment Facial"],
        ["waxing", "Brightening Facial"],
        ["waxing", "Sensitive Skin Facial"],
      ],
    },
    process: [
      {
        title: "Consultation",
        description:
          "We talk through your routine, concerns and goals, then analyse your skin under a magnifying lamp.",
      },
      {
        title: "Cleanse & exfoliate",
        description:
          "A double cleanse and a gentle enzyme or acid exfoliation prepare the skin to absorb what follows.",
      },
      {
        title: "Treat",
        description: "Steam, careful extractions and a targeted mask chosen for your skin on the day.",
      },
      {
        title: "Massage & protect",
        description: "A relaxing face, neck and shoulder massage, finished with serum, moisturiser and SPF.",
      },
    ],
    benefits: [
      "Visibly clearer, brighter complexion",
      "Unclogged pores and refined texture",
      "Deep, lasting hydration",
      "A home-care plan made for your skin",
    ],
  },
  {
    id: "spa-treatment",
    title: "Spa Treatments",
    subtitle: "Unhurried rituals to restore body and mind",
    description:
      "Step away from the day for a full-body ritual: warm exfoliation, a nourishing wrap and an unhurried massage in a quiet, candle-lit room. Our spa treatments are designed to release tension, soften the skin and leave you deeply rested.",
    image: "/images/treatment-spa.jpg",
    imageAlt: "Stacked basalt massage stones, rolled towels and lit candles on travertine",
    features: [
      "Full-body exfoliation",
      "Nourishing body wrap",
      "Relaxing therapeutic massage",
      "Aromatherapy of your choice",
    ],
    menu: {
      kind: "choice",
      options: [
        ["body-sculpting", "Body Wrap Detox"],
        ["body-sculpting", "Lymphatic Drainage Massage"],
      ],
    },
    process: [
      {
        title: "Arrive & unwind",
        description: "Herbal tea in our lounge while we ask about pressure preferences, allergies and areas of focus.",
      },
      {
        title: "Exfoliate",
        description: "A warm sugar or salt polish sweeps away dull skin from shoulders to feet.",
      },
      {
        title: "Wrap",
        description: "A mineral-rich wrap nourishes the skin while you rest with a scalp massage.",
      },
      {
        title: "Massage",
        description: "A full-body massage with warm oil eases muscle tension and quiets the mind.",
      },
    ],
    benefits: [
      "Relief from muscle tension and stress",
      "Softer, smoother, glowing skin",
      "Better sleep and a calmer mind",
      "Improved circulation",
    ],
  },
  {
    id: "manicure",
    title: "Manicure & Nail Art",
    subtitle: "Polished hands, from classic to creative",
    description:
      "Clean shaping, careful cuticle work and a flawless finish, whether you prefer a timeless red, a glossy gel or hand-painted art. Every tool is sterilised in a medical-grade autoclave and every file is new for you.",
    image: "/images/treatment-manicure.jpg",
    imageAlt: "Polish bottles, a soaking bowl with petals, a towel, a nail file and tweezers on blush linen",
    features: [
      "Shaping and cuticle care",
      "Hand massage with hydrating cream",
      "Regular polish or long-wear gel",
      "Custom nail art on request",
    ],
    menu: {
      kind: "choice",
      options: [
        ["nails", "Classic Manicure"],
        ["nails", "Gel Manicure"],
        ["nails", "Dip Powder Manicure"],
        ["nails", "Gel-X Extensions"],
      ],
    },
    process: [
      {
        title: "Choose your look",
        description: "Browse our colour wall and art portfolio, or bring inspiration of your own.",
      },
      {
        title: "Shape & prep",
        description: "Nails are shaped, cuticles gently pushed back and tidied, and the nail surface prepared.",
      },
      {
        title: "Massage",
        description: "A warm, hydrating hand and forearm massage.",
      },
      {
        title: "Polish & finish",
        description: "Precise application of polish or gel, art if chosen, and a nourishing cuticle oil.",
      },
    ],
    benefits: [
      "Clean, healthy-looking nails",
      "Long-lasting, chip-resistant colour with gel",
      "Soft, cared-for hands",
      "Strict hygiene with sterilised tools",
    ],
  },
  {
    id: "waxing",
    title: "Waxing Services",
    subtitle: "Smooth skin with precision and care",
    description:
      "Quick, precise and as comfortable as waxing can be. We use low-temperature hard and soft waxes suited to each area, with soothing pre- and post-care so your skin stays calm and smooth for weeks.",
    image: "/images/treatment-waxing.jpg",
    imageAlt: "Folded towels, wooden spatulas in a glass jar and a bowl of golden wax beads on marble",
    features: [
      "Face, brow and body waxing",
      "Gentle hard wax for sensitive areas",
      "Soothing pre- and post-wax care",
      "Single-use applicators, never double-dipped",
    ],
    menu: {
      kind: "choice",
      options: [
        ["waxing", "Eyebrow Wax"],
        ["waxing", "Lip or Chin Wax"],
        ["waxing", "Full Face Wax"],
        ["waxing", "Underarm Wax"],
        ["waxing", "Full Leg Wax"],
        ["waxing", "Brazilian Wax"],
      ],
    },
    process: [
      {
        title: "Cleanse",
        description: "The area is cleansed and prepared with a protective pre-wax oil.",
      },
      {
        title: "Wax",
        description: "Wax is applied in small sections at a comfortable temperature and removed swiftly.",
      },
      {
        title: "Tidy",
        description: "Any stray hairs are tweezed for a clean, precise finish.",
      },
      {
        title: "Soothe",
        description: "A calming lotion reduces redness, with aftercare advice for the days ahead.",
      },
    ],
    benefits: [
      "Smooth skin for three to six weeks",
      "Finer, sparser regrowth over time",
      "Gentle on sensitive skin",
      "Fast appointments that fit a busy day",
    ],
  },
  {
    id: "skin-care",
    title: "Advanced Skin Care",
    subtitle: "Clinical results with a gentle touch",
    description:
      "For concerns that need more than a classic facial — acne, pigmentation, fine lines or uneven texture — our advanced treatments combine professional peels, dermaplaning and microdermabrasion into a plan built around your skin and your calendar.",
    image: "/images/treatment-skin-care.jpg",
    imageAlt: "Skincare bottles and jars arranged on travertine plinths in soft window light",
    features: [
      "Professional chemical peels",
      "Dermaplaning and microdermabrasion",
      "LED light therapy",
      "A personal treatment plan",
    ],
    menu: {
      kind: "choice",
      options: [
        ["waxing", "Chemical Peel"],
        ["waxing", "Microdermabrasion"],
        ["waxing", "Dermaplaning"],
      ],
    },
    process: [
      {
        title: "Skin assessment",
        description: "We review your skin history and set realistic goals together.",
      },
      {
        title: "Prepare",
        description: "The skin is cleansed and degreased so the treatment works evenly.",
      },
      {
        title: "Treat",
        description: "Your chosen peel, resurfacing or LED therapy, adjusted to your skin's response.",
      },
      {
        title: "Recover",
        description: "A calming mask, barrier-repair care, SPF and clear aftercare instructions.",
      },
    ],
    benefits: [
      "Fewer breakouts and calmer skin",
      "More even tone and faded dark spots",
      "Smoother texture and softened fine lines",
      "Results that build with every session",
    ],
  },
  {
    id: "spa-package",
    title: "Spa Packages",
    subtitle: "A half day that is entirely yours",
    description:
      "Our packages bring together our most loved treatments — a signature facial, a full-body massage, a manicure and pedicure — with a light lunch in between. Perfect for a birthday, a bride-to-be or simply a long-overdue day off.",
    image: "/images/treatment-spa-package.jpg",
    imageAlt: "A brass tray with rolled towels, a candle, massage stones and serum beside a cream jar and greenery",
    features: ["Signature facial", "Full-body massage", "Spa manicure and pedicure", "Light lunch and refreshments"],
    menu: {
      kind: "package",
      options: [
        ["waxing", "Deep Cleansing Facial"],
        ["body-sculpting", "Lymphatic Drainage Massage"],
        ["nails", "Classic Manicure"],
        ["nails", "Spa Pedicure"],
      ],
    },
    process: [
      {
        title: "Welcome",
        description: "Settle in with a robe, slippers and a refreshing drink in our lounge.",
      },
      {
        title: "Body",
        description: "A full-body massage melts away tension and sets the pace for the day.",
      },
      {
        title: "Face",
        description: "A signature facial tailored to your skin, with a relaxing hand and scalp massage.",
      },
      {
        title: "Hands & feet",
        description: "A spa manicure and pedicure, with a light lunch served between treatments.",
      },
    ],
    benefits: [
      "Head-to-toe relaxation in one visit",
      "Four treatments in one booking and one visit",
      "Ideal for celebrations and gifts",
      "Leave glowing, polished and rested",
    ],
  },
];

export function findTreatment(id: string): Treatment | undefined {
  return TREATMENTS.find((t) => t.id === id);
}

/**
 * Where a treatment's Book Now leads: live booking for the service its first option is on, with that
 * option chosen when the treatment is a package (its first part), so the client picks among a choice.
 */
export function treatmentBookingPath(treatment: Treatment): string {
  const [type, option] = treatment.menu.options[0];
  const service = bookingServiceFor(type);
  if (!service) return "/bookings";
  const query = treatment.menu.kind === "package" ? `?${new URLSearchParams({ option })}` : "";
  return `/book/${service.id}${query}`;
}
