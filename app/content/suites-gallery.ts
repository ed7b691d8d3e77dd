/** The nine images of the suites gallery, in display order. */
export interface GalleryImage {
  src: string;
  alt: string;
}

export const SUITES_GALLERY: GalleryImage[] = [
  {
    src: "/images/suites-gallery-1.jpg",
    alt: "A private suite with a blush styling chair, a backlit arched mirror and a vanity",
  },
  {
    src: "/images/suites-gallery-2.jpg",
    alt: "A suite vanity with products, a round brush and a hair dryer before the arched mirror",
  },
  {
    src: "/images/suites-gallery-3.jpg",
    alt: "The client lounge with a velvet sofa, chairs and a marble coffee table",
  },
  {
    src: "/images/suites-gallery-4.jpg",
    alt: "The laundry and amenities nook with two machines, an oak counter and shelves of fresh towels",
  },
  {
    src: "/images/suites-gallery-5.jpg",
    alt: "The shampoo area with two backwash bowls and upholstered chairs under globe pendants",
  },
  {
    src: "/images/suites-gallery-6.jpg",
    alt: "A suite with soft sage walls, a styling chair, a trolley and product shelves",
  },
  { src: "/images/suites-gallery-7.jpg", alt: "The hallway of private suites with panelled doors and brass sconces" },
  {
    src: "/images/suites-gallery-8.jpg",
    alt: "A lash and beauty suite with a treatment bed, a ring lamp and a marble trolley",
  },
  { src: "/images/suites-gallery-9.jpg", alt: "A suite corner with brass and oak product shelves" },
];
