/** The static facials page (/services/facials) and its eight options (not editable content). */
export const FACIAL_OPTIONS = [
  "Deep Cleansing Facial",
  "Anti-Aging Facial",
  "Hydrating Facial",
  "Acne Treatment Facial",
  "Brightening Facial",
  "Sensitive Skin Facial",
  "Chemical Peel",
  "Microdermabrasion",
];

/** The page's service title: what a booking with no option would be stored as, and the toast's {service}. */
export const FACIALS_SERVICE_TITLE = "Facials";

export const FACIALS_PAGE = {
  tagline: "Glow · Clarify · Renew",
  title: "Facials",
  description:
    "Professional facials tailored to your skin — from a deep cleanse to a brightening peel — performed by licensed estheticians in a calm, private room.",
  image: "/images/service-facials.jpg",
  imageAlt: "Amber serum droppers, a cream jar, a jade roller and folded towels on travertine",
  textLabel: "Text Us",
  bookingTitle: "Book Your Facial Appointment",
  menuTitle: "Our facials",
  /** One line for each of FACIAL_OPTIONS, in the same order. */
  optionDescriptions: [
    "Steam, extractions and a clarifying mask for congested skin.",
    "Firming massage and peptides to soften fine lines.",
    "A moisture infusion for dry or tired skin.",
    "Calms breakouts and helps prevent new ones.",
    "Evens tone and fades dark spots for a luminous finish.",
    "Gentle, fragrance-free care for reactive skin.",
    "A professional peel that resurfaces and refines.",
    "Crystal-free resurfacing for smoother texture.",
  ],
};
