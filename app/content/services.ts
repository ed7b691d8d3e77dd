/** The services page's editable keys (content page "services"). */
export const servicesDefaults = {
  hero_title: "Our Services",
  hero_subtitle: "Beauty, done beautifully",
  hero_description:
    "From a signature facial to a full spa day, every treatment is performed by licensed professionals using clean, results-driven products.",
  cta_title: "Not sure where to start?",
  cta_text: "Call us and we'll help you choose the treatment that suits you best.",
};

export type ServicesContent = typeof servicesDefaults;

/** The fixed wording around the editable keys of /services and the treatment detail pages. */
export const SERVICES_TEXT = {
  treatmentsEyebrow: "Signature Treatments",
  treatmentsTitle: "Treatments to restore and renew",
  durationLabel: "Duration",
  priceLabel: "Price",
  /** Before a treatment's lowest price: "From $110". */
  priceFrom: "From",
  learnMore: "Learn More",
  bookNow: "Book Now",
  categoriesEyebrow: "Explore by Category",
  categoriesTitle: "Every service, one click away",
  categoriesDescription:
    "Browse our full menus and request an appointment online — we confirm every booking personally within 24 hours.",
  viewCategory: "View & Book",
  callUs: "Call Us",
  // Treatment detail pages
  backToServices: "All services",
  featuresEyebrow: "In Every Session",
  featuresTitle: "What's included",
  processEyebrow: "The Ritual",
  processTitle: "What to expect",
  benefitsEyebrow: "The Results",
  benefitsTitle: "Why clients love it",
  detailCtaTitle: "Ready when you are",
  detailCtaText: "Call us to reserve your appointment or ask any question — we're happy to help you choose.",
  callToBook: "Call to Book",
} as const;

/** /services/{id} for an id that is neither a treatment nor a category (HTTP 404). */
export const SERVICE_NOT_FOUND = {
  eyebrow: "Error 404",
  title: "Service Not Found",
  message: "The service you're looking for doesn't exist.",
  backLabel: "Browse all services",
  homeLabel: "Return to home",
} as const;
