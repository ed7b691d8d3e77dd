/**
 * Contact page content and the business identity (docs/product.md, Business details and opening
 * hours). The header, footer, hours card and structured data all read these keys, so an edit here
 * changes the whole site.
 */
export const contactDefaults = {
  hero_title: "Contact Us",
  hero_subtitle:
    "Questions, bookings or a tour of our suites — send us a note or call, and we'll get back to you within 24 hours.",
  hero_image: "/images/contact-hero.jpg",
  business_name: "Aurelia Beauty Bar & Suites",
  address_line1: "2400 Westheimer Rd",
  address_line2: "Suite 210",
  city: "Houston",
  state: "TX",
  zip: "77098",
  salon_phone: "(713) 555-0142",
  tel_phone: "(713) 555-0199",
  email: "hello@aureliabeauty.example",
  hours_monday: "Closed",
  hours_tuesday: "9:00 AM - 6:00 PM",
  hours_wednesday: "9:00 AM - 6:00 PM",
  hours_thursday: "9:00 AM - 6:00 PM",
  hours_friday: "9:00 AM - 6:00 PM",
  hours_saturday: "Closed",
  hours_sunday: "Closed",
  hours_note: "Need a time outside our regular hours? Call us to confirm your appointment.",
  map_embed_url: "",
  map_description: "Find us on Westheimer Road in the heart of Upper Kirby, with free parking on site.",
  social_instagram: "https://www.instagram.com/aureliabeauty.example",
  social_facebook: "https://www.facebook.com/aureliabeauty.example",
  social_tiktok: "https://www.tiktok.com/@aureliabeauty.example",
};

export type ContactContent = typeof contactDefaults;

/** The fixed wording of /contact around its editable keys, and the contact form's catalogue texts. */
export const CONTACT_TEXT = {
  heroEyebrow: "Get in Touch",
  formEyebrow: "Write to Us",
  formTitle: "Send us a message",
  formIntro: "We answer every message personally, usually the same day.",
  locationTitle: "Location",
  callTitle: "Call Us",
  callSalon: "Call the Salon",
  callSecond: "Second Line",
  emailTitle: "Email",
  hoursTitle: "Business Hours",
  mapTitle: "Map",
  /** The iframe's accessible name. */
  mapFrameTitle: (name: string) => `Map showing the location of ${name}`,
  directions: "Get directions",
  newTab: "(opens in a new tab)",
} as const;

export const CONTACT_FORM = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  service: "Service",
  servicePlaceholder: "Select a service",
  message: "Message",
  messagePlaceholder: "How can we help?",
  submit: "Send Message",
  pending: "SENDING...",
  messages: {
    successTitle: "Message sent successfully!",
    successDescription: "We'll get back to you as soon as possible.",
    errorTitle: "Error sending message",
    errorDescription: "Please try again or contact us directly.",
  },
} as const;

export const CONTACT_SEO = {
  title: "Contact Us",
  description: (c: { business_name: string; city: string; state: string }) =>
    `Call, e-mail or visit ${c.business_name} in ${c.city}, ${c.state}: opening hours, directions and a quick message form.`,
} as const;
