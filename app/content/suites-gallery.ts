/** The nine images of the suites gallery, in display order: the defaults of the suites page's gallery keys. */
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

export const GALLERY_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
type GalleryNumber = (typeof GALLERY_NUMBERS)[number];
export type GalleryKeys = Record<`gallery_image${GalleryNumber}` | `gallery_alt${GalleryNumber}`, string>;

/** The gallery as content keys (decision 57): gallery_image1…9 and gallery_alt1…9, edited and published with the page. */
export const GALLERY_DEFAULTS = Object.fromEntries(
  SUITES_GALLERY.flatMap((image, i) => [
    [`gallery_image${i + 1}`, image.src],
    [`gallery_alt${i + 1}`, image.alt],
  ]),
) as GalleryKeys;

/** The gallery a page's content shows, in order. */
export function galleryImages(page: GalleryKeys): GalleryImage[] {
  return GALLERY_NUMBERS.map((n) => ({ src: page[`gallery_image${n}`], alt: page[`gallery_alt${n}`] }));
}
