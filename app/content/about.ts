export const aboutDefaults = {
  welcome_label: "Welcome",
  welcome_title: "Welcome to Aurelia Beauty Bar & Suites",
  welcome_paragraph1:
    "Aurelia began with a simple idea: that a beauty appointment should feel like an hour that belongs entirely to you.",
  welcome_paragraph2:
    "Our team of licensed stylists, estheticians and artists brings years of experience to every service, from precision cuts and color to facials, lashes and brows.",
  welcome_paragraph3:
    "We are also home to a community of independent beauty professionals who rent private suites under our roof.",
  welcome_image: "/images/about-welcome.jpg",
  ceo_label: "Meet the Founder",
  ceo_title: "Danielle Moreau",
  ceo_subtitle: "Founder & CEO",
  ceo_bio:
    "Danielle has twenty-five years in beauty: fifteen behind the chair before she opened Aurelia, and ten since. She built the salon she always wanted to work in: calm, beautifully designed, and run with respect for clients and professionals alike.",
  ceo_image: "/images/about-ceo.jpg",
  ceo_badge_number: "25",
  ceo_badge_label: "Years of<br><strong>beauty expertise</strong>",
  journey_label: "Our Journey",
  journey_title: "From one chair to a home for beauty professionals",
  journey_description:
    "What started as a single chair in a shared studio has grown into a full-service beauty bar and a building of private suites, where independent artists run thriving businesses.",
  journey_quote: "Beauty is not a luxury. It is how we care for ourselves and for each other.",
  journey_quote_attribution: "Danielle Moreau, Founder",
  journey_image: "/images/about-journey.jpg",
  gallery_label: "Gallery",
  gallery_title: "Inside Aurelia",
  gallery_description: "Natural light, warm textures and quiet corners — take a look around.",
  gallery_image1: "/images/gallery-1.jpg",
  gallery_image2: "/images/gallery-2.jpg",
  gallery_image3: "/images/gallery-3.jpg",
  gallery_image4: "/images/gallery-4.jpg",
  gallery_alt1: "The front lounge with velvet seating, a marble coffee table and brass globe lighting",
  gallery_alt2: "A styling station with a backlit arched mirror and a styling chair",
  gallery_alt3: "A treatment room prepared for a facial, with fresh linens and a candle",
  gallery_alt4: "Oak and brass shelves of curated hair and skin care products",
  mission_label: "Our Mission",
  mission_title: "Elevating beauty, empowering professionals",
  mission_text:
    "We exist to give every client an exceptional experience and every beauty professional the space, support and community to build the business they dream of.",
  stat1_number: "500",
  stat1_label: "Happy clients each month",
  stat2_number: "10",
  stat2_label: "Private suites under one roof",
  stat3_number: "5",
  stat3_label: "Star average rating",
  stat4_number: "100",
  stat4_label: "Percent licensed professionals",
};

export type AboutContent = typeof aboutDefaults;

/** The fixed wording of /about around its editable keys. */
export const ABOUT_TEXT = {
  statsLabel: "Our story in numbers",
  seoTitle: "About Us",
  // The pictures are editable and have no alt keys of their own: these stay true whatever they show.
  welcomeImageAlt: "Inside the salon",
  journeyImageAlt: "A quiet corner of the salon",
} as const;
