import type { ServiceType } from "./page-ids";

/**
 * The booking hub /bookings and the booking pages /book/{id} (docs/product.md, Booking hub and
 * booking pages), the booking form's wording, the cancellation policy and the booking toasts. A
 * service's prices and lengths are its options' (service-pages.ts), never written here.
 */
export interface IncludedItem {
  title: string;
  description: string;
}

export interface BookingService {
  /** The /book/{id} path segment. */
  id: string;
  /** The service-{type} content page whose option list, phone and labels the page uses. */
  type: ServiceType;
  title: string;
  note: string;
  image: string;
  imageAlt: string;
  included: [IncludedItem, IncludedItem, IncludedItem];
}

export const BOOKING_SERVICES: BookingService[] = [
  {
    id: "hair",
    type: "hair",
    title: "Hair",
    note: "Color and chemical services include a strand test when needed. Please arrive with clean, dry hair unless you are booking a wash.",
    image: "/images/service-hair.jpg",
    imageAlt: "A hair dryer, round brush, scissors and comb beside pump bottles on marble",
    included: [
      {
        title: "Consultation",
        description: "A one-on-one conversation about your hair history, lifestyle and the look you love.",
      },
      {
        title: "Professional products",
        description: "Salon-grade color, bond builders and treatments chosen for your hair type.",
      },
      {
        title: "Wash, finish & style",
        description: "A relaxing shampoo and a polished blowout or style to send you off.",
      },
    ],
  },
  {
    id: "nails",
    type: "nails",
    title: "Nails",
    note: "Removing an existing gel or acrylic set adds about 15 minutes — mention it in your special requests.",
    image: "/images/service-nails.jpg",
    imageAlt: "Nail polish in nude, blush and berry shades on marble with a manicure bowl of petals",
    included: [
      {
        title: "Sterilised tools",
        description: "Every metal tool is autoclaved and every file and buffer is new for you.",
      },
      {
        title: "Cuticle & shape",
        description: "Careful cuticle care and shaping to the length and silhouette you choose.",
      },
      { title: "Massage & finish", description: "A hydrating massage and a flawless, long-wearing finish." },
    ],
  },
  {
    id: "body-sculpting",
    type: "body-sculpting",
    title: "Body Sculpting",
    note: "Your first visit includes a consultation and body measurements so we can track your progress.",
    image: "/images/service-body-sculpting.jpg",
    imageAlt: "A body treatment bed with rolled towels, warm basalt stones and eucalyptus",
    included: [
      {
        title: "Personal assessment",
        description: "Goals, health history and measurements before we recommend a plan.",
      },
      {
        title: "Non-invasive treatment",
        description: "Contouring techniques with no needles, no incisions and no downtime.",
      },
      { title: "Aftercare plan", description: "Hydration, movement and home-care guidance to help results last." },
    ],
  },
  {
    id: "eyebrows",
    type: "eyebrows",
    title: "Eyebrows",
    note: "For microblading and powder brows, avoid retinoids, blood thinners and tanning for one week beforehand.",
    image: "/images/service-eyebrows.jpg",
    imageAlt: "Brow pencils, spoolies, tweezers, a brow pomade and a round mirror in window light",
    included: [
      {
        title: "Brow mapping",
        description: "We measure and sketch the shape that suits your features before we begin.",
      },
      { title: "Expert technique", description: "Waxing, threading, lamination or microblading by a specialist." },
      { title: "Aftercare kit", description: "Everything you need to keep your brows healing and looking their best." },
    ],
  },
  {
    id: "makeup",
    type: "makeup",
    title: "Makeup",
    note: "Bridal and group bookings: please include your event date, location and number of people in your special requests.",
    image: "/images/service-makeup.jpg",
    imageAlt: "Makeup brushes in a ceramic cup, an eyeshadow palette, lipsticks and a brass compact",
    included: [
      { title: "Skin preparation", description: "Cleanse, hydrate and prime so makeup sits beautifully and lasts." },
      {
        title: "Custom look",
        description: "From natural radiance to full glam, designed around you and your occasion.",
      },
      {
        title: "Lashes & touch-up tips",
        description: "Strip lashes on request and advice for touch-ups through the day.",
      },
    ],
  },
  {
    id: "lashes",
    type: "lashes",
    title: "Lashes",
    note: "Please arrive with clean lashes and no eye makeup. Fills require at least 40% of your previous set.",
    image: "/images/service-lashes.jpg",
    imageAlt: "Lash trays on a marble slab with tweezers, mascara and a vanity mirror",
    included: [
      { title: "Lash consultation", description: "We choose length, curl and density to flatter your eye shape." },
      {
        title: "Premium extensions",
        description: "Lightweight, hypoallergenic lashes applied one by one with medical-grade adhesive.",
      },
      {
        title: "Aftercare guide",
        description: "A cleansing brush and simple steps to keep your lashes full for weeks.",
      },
    ],
  },
  {
    id: "facials-waxing",
    type: "waxing",
    title: "Facials & Waxing",
    note: "Avoid exfoliants and retinoids for 48 hours before waxing. Hair should be about a quarter-inch long.",
    image: "/images/service-waxing.jpg",
    imageAlt: "A wax warmer with golden wax, wooden spatulas in a glass jar and rolled towels on light oak",
    included: [
      { title: "Skin analysis", description: "A close look at your skin to choose the right facial or wax for you." },
      { title: "Professional treatment", description: "Results-driven products and gentle, precise technique." },
      { title: "Soothing finish", description: "Calming care and SPF, with advice to keep your skin glowing." },
    ],
  },
];

export function findBookingService(id: string): BookingService | undefined {
  return BOOKING_SERVICES.find((s) => s.id === id);
}

/**
 * The booking service a service page books: its own type's, and facials on the facials and waxing
 * service (the same room, people and prices). Lip fillers have none: they start with a consultation
 * the salon arranges, so their page sends a request instead.
 */
export function bookingServiceFor(key: ServiceType | "facials"): BookingService | undefined {
  const type: ServiceType = key === "facials" ? "waxing" : key;
  return BOOKING_SERVICES.find((s) => s.type === type);
}

export const BOOKINGS_TEXT = {
  eyebrow: "Pricing & Booking",
  title: "Book Your Appointment",
  description:
    "Choose a service to see what's included and request a time that suits you. We confirm every appointment personally within 24 hours.",
  startingAt: "Starting at",
  durationLabel: "Duration",
  optionsLabel: (count: number) => `${count} ${count === 1 ? "option" : "options"}`,
  bookAppointment: "Book Appointment",
  contactTitle: "Not sure which service is right for you?",
  contactText: "Tell us what you have in mind and we'll recommend the perfect treatment.",
  contactLink: "Contact Us",
  // /book/{id}
  backLink: "All services & pricing",
  bookingEyebrow: "Book Online",
  formEyebrow: "Request a Time",
  callDirect: "Call Direct",
  includedEyebrow: "Every Visit",
  includedTitle: "What's Included",
} as const;

/** The booking form's labels, everywhere it appears. */
export const BOOKING_FORM_TEXT = {
  detailsHeading: "Your details",
  appointmentHeading: "Your appointment",
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  phone: "Phone",
  serviceOption: "Service Option",
  serviceOptionPlaceholder: "Select a service option",
  /** The choice of who does it, on the live booking form: anyone, or one of the staff who do the service. */
  person: "Professional",
  anyone: "Anyone",
  specialRequests: "Special Requests",
  specialRequestsPlaceholder: "Allergies, inspiration, accessibility needs, or anything we should know",
  agreeToTerms: "I agree to the terms and cancellation policy",
  submit: "Request Appointment",
  pending: "SUBMITTING...",
  intro: "Choose a service, a day and a time. This is a request: we'll contact you within 24 hours to confirm.",
  /** A service page's intro when the salon confirms bookings at once. */
  introInstant: "Choose a service, a day and a free time: it is booked at once and the details come by e-mail.",
  /** A service page whose service is not booked online (lip fillers). */
  introRequest:
    "Lip fillers are not booked online: every treatment starts with a consultation with our injector. Tell us what you have in mind and how to reach you, and we'll contact you within 24 hours to find a time.",
  requestSubmitHint: "Agree to the policy to send your request.",
} as const;

/** The cancellation and late policy shown above the terms checkbox. */
export const CANCELLATION_POLICY = {
  title: "Cancellation & Late Policy",
  items: [
    "No-shows and same-day cancellations made less than 24 hours before the appointment are charged the full service amount.",
    "A $10 same-day fee applies to cancellations made before the appointment day but within 24 hours of it.",
    "A $10 late fee applies for every 15 minutes late after the first 30 minutes.",
    "After 30 minutes late, the appointment may be cancelled and charged as a no-show.",
    "All fees must be paid before re-booking.",
  ],
} as const;

/** The booking toasts (docs/product.md, What the visitor sees). {service} is the page's service title. */
const BOOKING_FAILURE = {
  errorTitle: "Error submitting booking",
  errorDescription: "Please try again or contact us directly.",
};

/**
 * What a service page says once a time is booked: its success toast's words while the salon
 * confirms (the time is a request it holds), and these when the salon confirms at once, where a
 * request's wording would be wrong. {service} is the page's service title.
 */
export const BOOKING_CONFIRMED_MESSAGE = {
  title: "Booking Confirmed!",
  description: "Your {service} appointment is booked. We have e-mailed you the details.",
} as const;

export const BOOKING_MESSAGES = {
  /** /book/{id} */
  bookPage: {
    successTitle: "Booking submitted successfully!",
    successDescription: "We'll contact you soon to confirm your appointment.",
    ...BOOKING_FAILURE,
  },
  /** /services/{type} and /services/facials */
  servicePage: {
    successTitle: "Booking Request Submitted!",
    successDescription: "We'll contact you within 24 hours to confirm your {service} appointment.",
    ...BOOKING_FAILURE,
  },
  /** /services/facials-waxing and /services/wax */
  waxingPage: {
    successTitle: "Booking Submitted!",
    successDescription: "We'll contact you within 24 hours to confirm your {service} appointment.",
    ...BOOKING_FAILURE,
  },
};
