import { GALLERY_DEFAULTS } from "./suites-gallery";

export const suitesDefaults = {
  hero_title: "Suites & Booth Rentals",
  hero_subtitle:
    "Private, fully furnished suites for independent beauty professionals — your name on the door, your schedule, your prices.",
  hero_logo: "",
  hero_image: "/images/suites-hero.jpg",
  phone_number: "(713) 555-0142",
  app_title: "Suite Rental Application",
  app_description:
    "Tell us about you and your business. We review every application personally and will contact you within 24 hours.",
  app_requirements:
    "A current Texas cosmetology or esthetics license, proof of liability insurance, and an established or growing client base.",
  features_title: "Everything you need to grow",
  features_description:
    "24/7 secure access, utilities and Wi-Fi, on-site laundry, a shared lounge and reception area, and free parking for you and your clients.",
  ...GALLERY_DEFAULTS,
};

export type SuitesContent = typeof suitesDefaults;

/** The fixed wording around the editable keys of /suites. */
export const SUITES_TEXT = {
  heroEyebrow: "For Beauty Professionals",
  callButton: "Call Now",
  textButton: "Text Us",
  applyButton: "Apply Now",
  tourButton: "Book A Tour",
  featuresEyebrow: "Amenities",
  amenities: [
    "24/7 secure keycard access",
    "Utilities and high-speed Wi-Fi included",
    "On-site laundry and towel service",
    "Shared lounge and reception area",
    "Free parking for you and your clients",
    "Flexible lease terms",
  ],
  suitesEyebrow: "Choose Your Space",
  suitesTitle: "Suites for every kind of business",
  suitesDescription: "From a single station to a private studio for two — find the space that fits how you work.",
  checkAvailability: "Check Availability",
  joinWaitlist: "Join the Waitlist",
  bookTour: "Book a tour",
  noSuiteTypes: "Call or text us to hear which suites are free.",
  galleryEyebrow: "Take a Look Inside",
  galleryTitle: "The suites",
  galleryDescription:
    "Natural light, calm finishes and everything you need to welcome your clients. Select a photo to enlarge it.",
  galleryViewer: "Suite photo viewer",
  /** The link text a screen reader hears for each thumbnail: "{alt}, view larger". */
  galleryOpen: "view larger",
  applicationEyebrow: "Apply Today",
  requirementsTitle: "What you'll need",
} as const;

/** The rental application's labels and choices (docs/product.md, Suite rental application). */
export const APPLICATION_TEXT = {
  requiredHeading: "About you",
  requiredHint: "All we need to reply. It takes a minute.",
  moreSummary: "Tell us more (optional)",
  moreHint: "Anything here helps us prepare, but you can send the application without it.",
  specialty: "Your Specialty",
  specialtyPlaceholder: "Select your specialty",
  contactHeading: "Contact information",
  socialHeading: "Social media",
  socialHint: "Optional — your handles help us get to know your work.",
  professionalHeading: "Your business",
  suiteHeading: "Your suite",
  backgroundHeading: "Background",
  email: "Email",
  fullName: "Full Name",
  address: "Address",
  city: "City",
  state: "State",
  zipCode: "Zip Code",
  phoneNumber: "Phone Number",
  instagram: "Instagram",
  facebook: "Facebook",
  tiktok: "TikTok",
  twitter: "Twitter / X",
  communicationPreference: "Preferred Communication",
  dateOfBirth: "Date of Birth",
  professionalLicenseId: "Professional License ID",
  businessName: "Business Name",
  howFoundOut: "How did you hear about us?",
  howFoundOutPlaceholder: "Select an answer",
  educationExperience: "Education and Experience",
  servicesProvided: "Services Provided",
  typicalAnnualIncome: "Typical Annual Income",
  typicalAnnualIncomePlaceholder: "Select a range",
  suiteLeasingExperience: "Have you leased a suite before?",
  suiteSizes: "Suite Type (check all that apply)",
  desiredOccupancyDate: "When would you like to start?",
  specialSuiteRequirements: "Special Suite Requirements",
  submit: "Submit Application",
  pending: "SUBMITTING...",
  /** Labels of the choice values of app/lib/forms/submission.ts. */
  communicationLabels: { email: "Email", phone: "Phone", text: "Text" },
  howFoundOutLabels: { google: "Google", "social-media": "Social Media", referral: "Referral", other: "Other" },
  incomeLabels: {
    "under-25k": "Under $25,000",
    "25k-50k": "$25,000 – $50,000",
    "50k-75k": "$50,000 – $75,000",
    "75k-100k": "$75,000 – $100,000",
    "over-100k": "Over $100,000",
  },
  leasingLabels: { yes: "Yes", no: "No" },
} as const;

/** The panel that replaces the application once it is sent: what happens next, and when. */
export const APPLICATION_SENT = {
  title: "Application Submitted!",
  lead: "We'll contact you within 24 hours to discuss your suite rental.",
  stepsTitle: "What happens next",
  steps: [
    "Within 24 hours we call or e-mail you to talk about the space you need.",
    "We invite you to tour the suites that fit, at a time that suits you.",
    "After the tour we go through the lease, your move-in date and the keys.",
  ],
  callPrompt: "Questions before then? Call or text us.",
} as const;

/** The application's toasts: on failure the error toast, and the form keeps what was typed. */
export const APPLICATION_MESSAGES = {
  successTitle: "Application Submitted!",
  successDescription: "We'll contact you within 24 hours to discuss your suite rental.",
  errorTitle: "Error submitting application",
  errorDescription: "Please try again or contact us directly.",
};
