import { describe, expect, it } from "vitest";
import { BOOKING_SERVICES } from "~/content/bookings";
import { contactDefaults as contact } from "~/content/contact";
import { FACIAL_OPTIONS } from "~/content/facials";
import { categoryFor, SERVICE_MENU, type MenuOption } from "~/content/service-pages";
import { formatLength } from "~/lib/booking/menu-prices";
import { CONTACT_SERVICES } from "~/lib/forms/submission";
import { ContentService } from "~/server/content/content.server";
import {
  SUITE_APPLICATION_REQUIRED_INPUTS,
  SUITE_APPLICATION_REQUIRED_MESSAGES,
  shortSuiteApplication,
  suiteApplicant,
} from "../../support/fixtures";
import { decode, find, findAll, hrefOf, links, outermost, text } from "../../support/html-fragments";
import { testDialect } from "../../support/test-db";
import { useTestServer, type TestServer } from "../../support/test-server";

/**
 * The server's HTML for /services, the treatment, category and booking pages, /suites and
 * /contact: what each page says and links to, its form fields and its head, read from the
 * production server's answer. What a visitor does with these pages is tested in the browser.
 */

const SALON_TEL = "tel:+17135550142";
const SALON_SMS = "sms:+17135550142";

/** Each treatment's price and length, from the built-in options it names. */
/** Each treatment card: its page, title, price, length and where Book Now leads (live booking). */
const TREATMENTS = [
  ["facial", "Facial Treatments", "From $110", "60–75 min", "/book/facials-waxing"],
  ["spa-treatment", "Spa Treatments", "From $130", "60–90 min", "/book/body-sculpting"],
  ["manicure", "Manicure & Nail Art", "From $30", "30–90 min", "/book/nails"],
  ["waxing", "Waxing Services", "From $15", "10–45 min", "/book/facials-waxing"],
  ["skin-care", "Advanced Skin Care", "From $85", "45 min", "/book/facials-waxing"],
  ["spa-package", "Spa Packages", "$335", "3½ hr", "/book/facials-waxing?option=Deep+Cleansing+Facial"],
] as const;

/** Category page id → its h1 and option count. */
const CATEGORIES = [
  ["hair", "Hair Services", 12],
  ["nails", "Nail Services", 12],
  ["lashes", "Lash Services", 10],
  ["makeup", "Makeup Services", 10],
  ["eyebrows", "Eyebrow Services", 11],
  ["body-sculpting", "Body Sculpting", 10],
  ["facials-waxing", "Facials & Waxing", 15],
  ["lip-fillers", "Lip Fillers", 6],
] as const;

/** Each booking service's range of lengths and lowest price, from its built-in options. */
const BOOKINGS = [
  ["hair", "Hair", "30 min – 3 hr", "$40"],
  ["nails", "Nails", "15–90 min", "$15"],
  ["body-sculpting", "Body Sculpting", "30–90 min", "$110"],
  ["eyebrows", "Eyebrows", "15 min – 3 hr", "$22"],
  ["makeup", "Makeup", "15–90 min", "$20"],
  ["lashes", "Lashes", "30 min – 3 hr", "$30"],
  ["facials-waxing", "Facials & Waxing", "10–75 min", "$15"],
] as const;

const CONTACT_HOURS = [
  ["Sunday", "Closed"],
  ["Monday", "Closed"],
  ["Tuesday", "9:00 AM - 6:00 PM"],
  ["Wednesday", "9:00 AM - 6:00 PM"],
  ["Thursday", "9:00 AM - 6:00 PM"],
  ["Friday", "9:00 AM - 6:00 PM"],
  ["Saturday", "Closed"],
];

async function get(server: TestServer, path: string, status = 200): Promise<string> {
  const response = await server.fetch(path);
  expect(response.status, path).toBe(status);
  return response.text();
}

const main = (html: string) => find(html, "main").inner;
const h1 = (html: string) => findAll(html, "h1").map(text);
/** The text of every heading (h1 to h6) in some markup. */
const headings = (html: string) =>
  [...html.matchAll(/<h[1-6][\s>]/g)].map((m) => text(find(html.slice(m.index), m[0].slice(1, 3))));
/** The first link whose text (with any visually hidden part) starts so. */
const startingWith = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
/** [day, hours] of every [data-day] row inside some markup, as the hours lists show them. */
const hoursOf = (html: string) =>
  findAll(html, "div", { "data-day": true }).map((day) => [text(find(day.inner, "dt")), text(find(day.inner, "dd"))]);
const jsonLd = (html: string) => JSON.parse(find(html, "script", { type: "application/ld+json" }).inner);
const canonical = (html: string) => find(html, "link", { rel: "canonical" }).attrs.href;

/** One server for the two suites that change nothing every page reads (the third has content of its own). */
const server = useTestServer();

describe(`public pages' server HTML: services, bookings, suites, contact (${testDialect})`, { timeout: 60_000 }, () => {
  describe("/services", () => {
    it("lists the six treatments with LEARN MORE and BOOK NOW, then every category", async () => {
      const html = main(await get(server(), "/services"));
      expect(h1(html)).toEqual(["Our Services"]);
      const list = find(find(html, "section", { "aria-labelledby": "treatments-title" }).inner, "ul");
      const cards = outermost(list.inner, "li");
      expect(cards).toHaveLength(6);
      for (const [i, [id, title, price, duration, booking]] of TREATMENTS.entries()) {
        const card = cards[i];
        expect(findAll(card.inner, "h3").map(text)).toEqual([title]);
        expect(text(card)).toContain(price);
        expect(text(card)).toContain(duration);
        expect(hrefOf(card, `Learn More about ${title}`)).toBe(`/services/${id}`);
        expect(hrefOf(card, `Book Now ${title}`)).toBe(booking);
        expect(findAll(card.inner, "li")).toHaveLength(4);
      }
      // The first card's photograph is in a phone's first screen (the page's LCP): eager and first in line.
      expect(find(cards[0].inner, "img").attrs).toMatchObject({ loading: "eager", fetchPriority: "high" });
      for (const card of cards.slice(1)) expect(find(card.inner, "img").attrs.loading).toBe("lazy");
      const categories = find(html, "section", { "aria-labelledby": "categories-title" });
      const hrefs = links(categories).map((a) => a.attrs.href);
      expect(hrefs.sort()).toEqual([...CATEGORIES.map(([id]) => `/services/${id}`), "/services/facials"].sort());
    });
  });

  describe("treatment detail pages", () => {
    it("show title, subtitle, description, image, features, duration, price, process, benefits and a call button", async () => {
      const html = main(await get(server(), "/services/facial"));
      expect(h1(html)).toEqual(["Facial Treatments"]);
      const all = text(html);
      expect(all).toContain("Clear, luminous skin, tailored to you");
      expect(findAll(html, "img").map((img) => img.attrs.alt)).toContain(
        "A clay mask bowl and brush, a rose-quartz roller, serum and folded towels with eucalyptus",
      );
      for (const fact of ["From $110", "60–75 min", "Personal skin analysis"]) expect(all).toContain(fact);
      expect(findAll(html, "h2").map(text)).toEqual(
        expect.arrayContaining(["What to expect", "What's included", "Why clients love it"]),
      );
      expect(outermost(find(html, "ol").inner, "li")).toHaveLength(4);
      expect(hrefOf(html, startingWith("Call to Book"))).toBe(SALON_TEL);
      expect(hrefOf(html, "All services")).toBe("/services");
    });

    it("every treatment id answers 200 with its own title and description", async () => {
      const titles = new Set<string>();
      for (const [id, title, price] of TREATMENTS) {
        const html = await get(server(), `/services/${id}`);
        expect(html).toContain(title.replace("&", "&amp;"));
        expect(html).toContain(price);
        titles.add(html.match(/<title>([^<]*)<\/title>/)![1]);
      }
      expect(titles.size).toBe(TREATMENTS.length);
    });
  });

  describe("Service Not Found", () => {
    it("/services/unknown answers 404 with the catalogue's text", async () => {
      const page = await get(server(), "/services/unknown", 404);
      expect(findAll(page, "header").length).toBeGreaterThan(0);
      const html = main(page);
      expect(h1(html)).toEqual(["Service Not Found"]);
      expect(text(html)).toContain("The service you're looking for doesn't exist.");
      expect(hrefOf(html, "Browse all services")).toBe("/services");
    });

    it("an unknown /book id answers 404 too, and neither accepts a booking", async () => {
      expect(await get(server(), "/book/lip-fillers", 404)).toContain("Service Not Found");
      const post = await server().fetch("/services/unknown", {
        method: "POST",
        body: new URLSearchParams({ serviceKey: "hair" }),
      });
      expect(post.status).toBe(404);
    });
  });

  describe("category pages", () => {
    it("each has its hero, Call and Text buttons and its booking form: real free times, or lip fillers' request", async () => {
      for (const [id, title, optionCount] of CATEGORIES) {
        const response = await server().fetch(`/services/${id}`);
        const html = main(await response.text());
        expect(h1(html), id).toEqual([title]);
        expect(hrefOf(html, startingWith("Call Now"))).toBe(SALON_TEL);
        expect(hrefOf(html, startingWith("Text Us"))).toBe(SALON_SMS);
        expect(findAll(html, "h2").map(text)).toContain(`Book Your ${title} Appointment`);
        // The old request form's month calendar and nine fixed slots are gone everywhere.
        expect(findAll(html, "div", { "data-calendar": true }), id).toHaveLength(0);
        expect(findAll(html, "input", { name: "preferredTime" }), id).toHaveLength(0);
        const form = find(html, "form", { id: "booking-form" }).inner;
        expect(text(form)).toContain("Cancellation & Late Policy");
        if (id === "lip-fillers") {
          // Not booked online, and the page says why: a request without a time, sent as its booking form.
          expect(findAll(html, "div", { "data-live-booking": true })).toHaveLength(0);
          expect(text(html)).toContain(
            "Lip fillers are not booked online: every treatment starts with a consultation with our injector.",
          );
          const select = find(form, "select", { name: "serviceOption" }).inner;
          expect(findAll(select, "option", { value: /./ }), id).toHaveLength(optionCount);
          expect(find(form, "textarea", { name: "specialRequests" }).attrs.rows).toBe("3");
          expect(text(form)).toContain("Agree to the policy to send your request.");
          expect(response.headers.get("cache-control"), id).not.toBe("no-store");
          continue;
        }
        const booking = BOOKING_SERVICES.find((b) => b.type === categoryFor(id))!;
        expect(find(html, "div", { "data-live-booking": true }).attrs["data-live-booking"], id).toBe(booking.id);
        expect(findAll(find(html, "select", { name: "option" }).inner, "option"), id).toHaveLength(optionCount);
        // Fourteen days, each a link that loads the page for it (no JavaScript needed).
        const days = findAll(find(html, "nav", { "aria-label": "Days" }).inner, "a", { "data-day": true });
        expect(days, id).toHaveLength(14);
        expect(decode(days[0].attrs.href)).toMatch(/^\?option=[^&]+&date=\d{4}-\d{2}-\d{2}#book-times$/);
        expect(find(form, "input", { name: "service" }).attrs.value).toBe(booking.id);
        expect(find(form, "textarea", { name: "notes" }).attrs.rows).toBe("3");
        // The page is kept by the page cache, a chosen day (a query) too: every booking change drops them.
        expect(response.headers.get("cache-control"), id).not.toBe("no-store");
        const chosenDay = await server().fetch(`/services/${id}${decode(days[1].attrs.href).replace(/#.*$/, "")}`);
        expect(chosenDay.headers.get("cache-control"), id).toBe("public, no-cache");
        await chosenDay.arrayBuffer();
      }
    });

    it("each shows its price list: every option with its own length and price", async () => {
      const pages: [path: string, options: readonly MenuOption[]][] = [
        ...CATEGORIES.map(([id]): [string, MenuOption[]] => [`/services/${id}`, SERVICE_MENU[categoryFor(id)!]]),
        ["/services/wax", SERVICE_MENU.waxing],
        ["/services/facials", SERVICE_MENU.waxing.filter((o) => FACIAL_OPTIONS.includes(o.name))],
      ];
      for (const [path, options] of pages) {
        const html = main(await get(server(), path));
        const list = find(html, "ul", { "aria-labelledby": "price-list-title" });
        const items = findAll(list.inner, "li", { "data-price-item": true });
        expect(
          items.map((item) => text(find(item.inner, "p"))),
          path,
        ).toEqual(options.map((o) => `${o.name} · ${formatLength(o.durationMinutes)} ${o.price}`));
      }
      // Spot checks of what a visitor reads.
      const hair = main(await get(server(), "/services/hair"));
      expect(text(find(hair, "ul", { "aria-labelledby": "price-list-title" }))).toContain("Balayage · 3 hr $280+");
      expect(text(find(hair, "h3", { id: "price-list-title" }))).toBe("The menu");
      expect(FACIAL_OPTIONS.every((name) => SERVICE_MENU.waxing.some((o) => o.name === name))).toBe(true);
    });

    it("/services/wax shows the facials-waxing page, whose canonical address is facials-waxing", async () => {
      const page = await get(server(), "/services/wax");
      expect(h1(main(page))).toEqual(["Facials & Waxing"]);
      expect(find(page, "div", { "data-live-booking": true }).attrs["data-live-booking"]).toBe("facials-waxing");
      expect(text(find(page, "select", { name: "option" }))).toContain("Brazilian Wax");
      expect(canonical(page)).toMatch(/\/services\/facials-waxing$/);
    });

    it("/services/facials books the facials and waxing service's free times beside its own menu of facials", async () => {
      const page = await get(server(), "/services/facials");
      expect(find(page, "div", { "data-live-booking": true }).attrs["data-live-booking"]).toBe("facials-waxing");
      expect(text(find(page, "select", { name: "option" }))).toContain("Deep Cleansing Facial");
      expect(text(find(page, "h3", { id: "price-list-title" }))).toBe("Our facials");
    });

    it("the policy text sits by the terms checkbox", async () => {
      const form = find(await get(server(), "/services/lashes"), "form", { id: "booking-form" }).inner;
      const policy = text(form);
      for (const rule of [
        "charged the full service amount",
        "A $10 same-day fee",
        "A $10 late fee applies for every 15 minutes late",
        "may be cancelled and charged as a no-show",
        "All fees must be paid before re-booking.",
      ]) {
        expect(policy).toContain(rule);
      }
      const label = findAll(form, "label").find((l) =>
        text(l).startsWith("I agree to the terms and cancellation policy"),
      );
      const terms = find(form, "input", { id: label!.attrs.for });
      expect(terms.attrs).toMatchObject({ type: "checkbox", required: "" });
    });
  });

  describe("booking hub and booking pages", () => {
    it("/bookings lists seven cards linking to /book/{id}, and a Contact Us link", async () => {
      const html = main(await get(server(), "/bookings"));
      expect(h1(html)).toHaveLength(1);
      const cards = outermost(html, "article");
      expect(cards).toHaveLength(7);
      for (const [i, [id, title, duration, price]] of BOOKINGS.entries()) {
        const card = cards[i];
        expect(headings(card.inner)).toEqual([title]);
        expect(text(card)).toContain(duration);
        expect(text(card)).toContain(`Starting at${price}`);
        expect(findAll(card.inner, "img")).toHaveLength(1);
        // The hidden part is read after the visible one: a space between them.
        expect(hrefOf(card, `Book Appointment for ${title}`)).toBe(`/book/${id}`);
      }
      expect(hrefOf(html, "Contact Us")).toBe("/contact");
    });

    it("every booking page answers 200 with its own title", async () => {
      for (const [id, title] of BOOKINGS) expect(h1(main(await get(server(), `/book/${id}`))), id).toEqual([title]);
    });

    it("a booking page has the back link, facts, Call Direct, Text Us, the form and What's Included", async () => {
      const html = main(await get(server(), "/book/body-sculpting"));
      expect(h1(html)).toEqual(["Body Sculpting"]);
      expect(hrefOf(html, "All services & pricing")).toBe("/bookings");
      const all = text(html);
      for (const fact of ["30–90 min", "Starting at$110", "Your first visit includes a consultation"])
        expect(all).toContain(fact);
      expect(hrefOf(html, startingWith("Call Direct"))).toBe(SALON_TEL);
      expect(hrefOf(html, startingWith("Text Us"))).toBe(SALON_SMS);
      expect(findAll(find(html, "select", { name: "option" }).inner, "option", { value: /./ })).toHaveLength(10);
      expect(findAll(html, "h2").map(text)).toContain("What's Included");
      for (const item of ["Personal assessment", "Non-invasive treatment", "Aftercare plan"])
        expect(findAll(html, "h3").map(text)).toContain(item);
    });

    it("on /book/{id} and the service pages the booking form comes right after the title; the description and the call buttons follow it", async () => {
      for (const [path, description] of [
        ["/book/body-sculpting", "Your first visit includes a consultation"],
        ["/services/hair", "Cuts, color, silk presses"],
      ]) {
        const html = main(await get(server(), path));
        const title = html.indexOf("</h1>");
        const form = html.indexOf("data-live-booking=");
        expect(title, path).toBeGreaterThan(0);
        expect(form, path).toBeGreaterThan(title);
        // Between them only the form's own heading and one sentence: no description, no buttons.
        expect(text(html.slice(title, form)).length, path).toBeLessThan(200);
        expect(html.indexOf(description), path).toBeGreaterThan(form);
        expect(html.indexOf("tel:"), path).toBeGreaterThan(form);
      }
    });
  });

  describe("/suites", () => {
    it("the hero calls and texts the suites phone", async () => {
      const html = main(await get(server(), "/suites"));
      expect(h1(html)).toEqual(["Suites & Booth Rentals"]);
      expect(hrefOf(html, startingWith("Call Now"))).toBe(SALON_TEL);
      expect(hrefOf(html, startingWith("Text Us"))).toBe(SALON_SMS);
    });

    it("the four suite types, in the spec's order, lead with their rent (a week, or a day), size, what is included, a photo and how many are free now", async () => {
      // The seed of a new install: six small suites (four leased), three large (all leased), three
      // stations (one leased), two day chairs (free).
      const page = await get(server(), "/suites");
      const section = find(page, "section", { "aria-labelledby": "suite-types-title" });
      const cards = outermost(section.inner, "article");
      const expected = [
        ["small", "Small Suites", "from $275 / week", "About 120 sq ft", "2 free now", "Check Availability"],
        ["large", "Large Suites / Duos", "from $425 / week", "About 200 sq ft", "Waitlist", "Join the Waitlist"],
        [
          "station",
          "Hair Stations",
          "from $195 / week",
          "An open station on our salon floor",
          "2 free now",
          "Check Availability",
        ],
        [
          "daily",
          "Daily Rentals",
          "from $65 / day",
          "A fully stocked station, by the day",
          "2 free now",
          "Check Availability",
        ],
      ] as const;
      expect(cards).toHaveLength(expected.length);
      for (const [i, [slug, name, rent, size, free, action]] of expected.entries()) {
        const card = text(cards[i]);
        expect(headings(cards[i].inner)).toEqual([name]);
        for (const words of [rent, size, free]) expect(card, name).toContain(words);
        expect(findAll(cards[i].inner, "li").length, name).toBeGreaterThanOrEqual(4);
        expect(findAll(cards[i].inner, "img")[0]?.attrs.alt, name).toBeTruthy();
        expect(hrefOf(cards[i], `${action} for ${name}`)).toBe(`/suites?type=${slug}#apply`);
        expect(hrefOf(cards[i], `Book a tour of ${name}`)).toBe(`/suites/tour?type=${slug}`);
      }
    });

    it("each gallery thumbnail links to its full-size image (what a visitor without JavaScript opens)", async () => {
      const thumbs = findAll(await get(server(), "/suites"), "a", { "data-gallery-item": true });
      expect(thumbs).toHaveLength(9);
      for (const [i, thumb] of thumbs.entries())
        expect(thumb.attrs.href).toMatch(new RegExp(`suites-gallery-${i + 1}\\.jpg$`));
    });

    it("the application's text fields are required in the browser; the optional ones are not", async () => {
      const form = find(await get(server(), "/suites"), "form", { id: "suite-application-form" }).inner;
      const field = (name: string) => {
        const [element] = ["input", "textarea", "select"].flatMap((tag) => findAll(form, tag, { name }));
        expect(element, name).toBeDefined();
        return element;
      };
      for (const name of SUITE_APPLICATION_REQUIRED_INPUTS) {
        expect(field(name).tag, name).toBe("input");
        expect(field(name).attrs.required, name).toBe("");
      }
      expect(field("specialty").tag).toBe("select");
      expect(field("specialty").attrs.required).toBe("");
      for (const name of ["dateOfBirth", "desiredOccupancyDate", "instagram", "specialSuiteRequirements", "address"]) {
        expect(field(name).attrs.required, name).toBeUndefined();
      }
      expect(field("email").attrs.type).toBe("email");
      expect(field("phoneNumber").attrs.type).toBe("tel");
      const sizes = findAll(form, "fieldset").find((f) =>
        text(find(f.inner, "legend")).startsWith("Suite Type (check all that apply)"),
      );
      expect(findAll(sizes!.inner, "input", { type: "checkbox" }).map((input) => input.attrs.value)).toEqual([
        "Small Suites",
        "Large Suites / Duos",
        "Hair Stations",
        "Daily Rentals",
      ]);
    });

    it("the required part comes first; every other field waits, unmarked, under a closed 'Tell us more'", async () => {
      const form = find(await get(server(), "/suites"), "form", { id: "suite-application-form" }).inner;
      const more = outermost(form, "details");
      expect(more).toHaveLength(1);
      expect(more[0].attrs.open).toBeUndefined();
      expect(text(find(more[0].inner, "summary"))).toBe("Tell us more (optional)");
      const names = (html: string) =>
        new Set(
          ["input", "select", "textarea"]
            .flatMap((tag) => findAll(html, tag, { name: true }))
            .map((e) => e.attrs.name)
            .filter((name) => name !== "website"),
        );
      expect([...names(more[0].inner)].sort()).toEqual([
        "address",
        "businessName",
        "city",
        "communicationPreference",
        "dateOfBirth",
        "educationExperience",
        "facebook",
        "howFoundOut",
        "instagram",
        "professionalLicenseId",
        "servicesProvided",
        "specialSuiteRequirements",
        "state",
        "suiteLeasingExperience",
        "tiktok",
        "twitter",
        "typicalAnnualIncome",
        "zipCode",
      ]);
      expect(more[0].inner).not.toContain("aria-required");
      // Before it: the required part, and nothing else.
      const before = form.slice(0, form.indexOf("<details"));
      expect([...names(before)].sort()).toEqual(SUITE_APPLICATION_REQUIRED_MESSAGES.map(([name]) => name).sort());
      // Every field marked required is one the server requires: aria-required on a control, a * on a group's legend.
      const markedControls = ["input", "select", "textarea"]
        .flatMap((tag) => findAll(form, tag, { "aria-required": "true" }))
        .map((e) => e.attrs.name);
      const markedGroups = outermost(form, "fieldset")
        .filter((f) => text(find(f.inner, "legend")).endsWith("*"))
        .map((f) => find(f.inner, "input").attrs.name);
      expect([...markedControls, ...markedGroups].sort()).toEqual(
        SUITE_APPLICATION_REQUIRED_MESSAGES.map(([name]) => name).sort(),
      );
    });
  });

  describe("forms posted without JavaScript, and the booking API's rules", () => {
    const uniqueEmail = (tag: string) => `http-${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const rows = (email: string) =>
      server().db.selectFrom("form_submissions").selectAll().where("email", "=", email).execute();
    const post = (path: string, body: URLSearchParams | Record<string, string>) =>
      server().fetch(path, {
        method: "POST",
        body: body instanceof URLSearchParams ? body : new URLSearchParams(body),
      });

    const formBody = (fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(fields))
        for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
      return body;
    };

    it("a suite type the owner adds is offered by the application and the tour page, and accepted; an unlisted one is refused", async () => {
      const at = new Date().toISOString();
      await server()
        .db.insertInto("suite_types")
        .values({
          slug: "bridal",
          name: "Bridal Suite",
          size_label: "About 300 sq ft",
          rent_from_cents: 60000,
          display_order: 9,
          included: "[]",
          photos: "[]",
          description: "",
          created_at: at,
          updated_at: at,
        })
        .execute();
      try {
        expect(
          findAll(
            find(await get(server(), "/suites?type=bridal"), "form", { id: "suite-application-form" }).inner,
            "input",
            {
              name: "suiteSizes",
              checked: true,
            },
          ).map((input) => input.attrs.value),
        ).toEqual(["Bridal Suite"]);
        const tour = await get(server(), "/suites/tour?type=bridal");
        expect(tour).toMatch(/<option value="bridal" selected="">Bridal Suite<\/option>/);
        expect(tour).toContain('<option value="daily">Daily Rentals</option>');

        const email = uniqueEmail("bridal");
        expect((await post("/suites", formBody(shortSuiteApplication(email, "Bridal Suite")))).status).toBe(303);
        expect(JSON.parse((await rows(email))[0].details!).suiteSizes).toEqual(["Bridal Suite"]);

        const unlisted = uniqueEmail("penthouse");
        const refused = await post("/suites", formBody(shortSuiteApplication(unlisted, "Penthouse")));
        expect(refused.status).toBe(400);
        expect(text(find(await refused.text(), "p", { "data-error-for": "suiteSizes" }))).toBe(
          "Choose a listed suite type",
        );
        expect(await rows(unlisted)).toHaveLength(0);
      } finally {
        await server().db.deleteFrom("suite_types").where("slug", "=", "bridal").execute();
      }
    });

    it("without JavaScript the suites page takes the whole application, then says what happens next in place of the form", async () => {
      const email = uniqueEmail("suites");
      const { details, ...contactFields } = suiteApplicant(email);
      const response = await post("/suites", formBody({ ...contactFields, ...details }));
      // Post/Redirect/Get: a reload of the answer sends nothing again.
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/suites?sent=application#apply");
      const stored = await rows(email);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        form_type: "Suite Application",
        name: "Jordan Ellis",
        page_path: "/suites",
        applicant_stage: "new",
      });
      expect(JSON.parse(stored[0].details!)).toEqual(details);

      const sent = await get(server(), "/suites?sent=application");
      const panel = find(sent, "section", { "data-testid": "application-sent" });
      expect(panel.attrs.hidden).toBeUndefined();
      expect(text(panel)).toContain("Application Submitted!");
      expect(text(panel)).toContain("We'll contact you within 24 hours to discuss your suite rental.");
      expect(findAll(panel.inner, "li")).toHaveLength(3);
      expect(findAll(sent, "form", { id: "suite-application-form" })).toEqual([]);
    });

    it("without JavaScript the required part alone is an application", async () => {
      const email = uniqueEmail("short");
      const response = await post("/suites", formBody(shortSuiteApplication(email, "Hair Stations")));
      expect(response.status).toBe(303);
      const [stored] = await rows(email);
      expect(stored).toMatchObject({ name: "Robin Vale", phone: "(713) 555-0199", applicant_stage: "new" });
      expect(JSON.parse(stored.details!)).toEqual({
        specialty: "Lash and brow artist",
        suiteSizes: ["Hair Stations"],
        desiredOccupancyDate: shortSuiteApplication(email).desiredOccupancyDate,
      });
    });

    it("?type= chooses that suite type in the form (the page's own answer, no script); an unknown one chooses none", async () => {
      const checked = async (path: string) =>
        findAll(find(await get(server(), path), "form", { id: "suite-application-form" }).inner, "input", {
          name: "suiteSizes",
          checked: true,
        }).map((input) => input.attrs.value);
      expect(await checked("/suites?type=station")).toEqual(["Hair Stations"]);
      expect(await checked("/suites?type=large")).toEqual(["Large Suites / Duos"]);
      expect(await checked("/suites?type=penthouse")).toEqual([]);
      expect(await checked("/suites")).toEqual([]);
    });

    it("without JavaScript a wrong answer under 'Tell us more' opens it at its message", async () => {
      const email = uniqueEmail("zip");
      const response = await post("/suites", formBody({ ...shortSuiteApplication(email), zipCode: "7700" }));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(find(find(html, "form", { id: "suite-application-form" }).inner, "details").attrs.open).toBe("");
      expect(text(find(html, "p", { "data-error-for": "zipCode" }))).toBe("Enter a 5-digit zip code");
      expect(await rows(email)).toHaveLength(0);
    });

    it("without JavaScript an application missing any required field shows that field's message and stores nothing", async () => {
      for (const [field, message] of SUITE_APPLICATION_REQUIRED_MESSAGES) {
        const email = field === "email" ? "" : uniqueEmail(`missing-${field}`);
        const { details, ...contactFields } = suiteApplicant(email);
        const body = new URLSearchParams();
        for (const [key, value] of Object.entries({ ...contactFields, ...details })) {
          if (key === field) continue;
          for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
        }
        const response = await post("/suites", body);
        expect(response.status, field).toBe(400);
        const html = await response.text();
        expect(text(find(html, "p", { "data-error-for": field })), field).toBe(message);
        expect(
          findAll(html, "p", { "data-error-for": true, hidden: false }).map((p) => p.attrs["data-error-for"]),
          field,
        ).toEqual([field]);
        expect(text(find(html, "div", { "data-form-status": true })), field).toContain("Error submitting application");
        if (email) expect(await rows(email), field).toHaveLength(0);
      }
      const count = await server()
        .db.selectFrom("form_submissions")
        .select(({ fn }) => fn.countAll().as("n"))
        .where("email", "=", "")
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it("lip fillers' request (no time) is stored as a Booking with the page's words; a service booked online takes no request", async () => {
      const email = uniqueEmail("lips");
      const fields = {
        serviceKey: "lip-fillers",
        firstName: "Ada",
        lastName: "Lips",
        email,
        phone: "(713) 555-0188",
        serviceOption: "Lip Flip",
        specialRequests: "First time.",
        agreeToTerms: "on",
      };
      const response = await post("/services/lip-fillers", fields);
      expect(response.status).toBe(200);
      const status = text(find(await response.text(), "div", { "data-form-status": true }));
      expect(status).toContain("Booking Request Submitted!");
      expect(status).toContain("We'll contact you within 24 hours to confirm your Lip Fillers appointment.");
      expect(await rows(email)).toEqual([
        expect.objectContaining({
          form_type: "Booking",
          service: "Lip Flip",
          preferred_date: null,
          preferred_time: null,
          message: "First time.",
        }),
      ]);

      const online = uniqueEmail("online");
      const refused = await post("/api/forms/booking", { ...fields, serviceKey: "nails", email: online });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "This service is booked online: choose a free time on its page.",
      );
      expect(await rows(online)).toHaveLength(0);
    });

    it("the server enforces the request's rules too: option and terms", async () => {
      const email = uniqueEmail("rules");
      const response = await post("/api/forms/booking", {
        serviceKey: "lip-fillers",
        firstName: "Rule",
        lastName: "Check",
        email,
        phone: "(713) 555-0199",
        serviceOption: "Not On The Menu",
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fieldErrors: Record<string, unknown> };
      expect(Object.keys(body.fieldErrors).sort()).toEqual(["agreeToTerms", "serviceOption"]);
      expect(await rows(email)).toHaveLength(0);
    });
  });

  describe("/contact", () => {
    it("hero, location, two tap-to-call buttons, e-mail and hours from content", async () => {
      const page = await get(server(), "/contact");
      expect(h1(page)).toEqual([contact.hero_title]);
      const html = main(page);
      const all = text(html);
      expect(all).toContain(contact.hero_subtitle);
      const address = text(find(html, "address"));
      expect(address).toContain(contact.address_line1);
      expect(address).toContain(contact.address_line2);
      expect(address).toContain(`${contact.city}, ${contact.state} ${contact.zip}`);
      expect(all).toContain(contact.map_description);
      const call = (tel: string) => text(links(html).find((a) => a.attrs.href === tel)!);
      expect(call("tel:+17135550142")).toContain(contact.salon_phone);
      expect(call("tel:+17135550199")).toContain(contact.tel_phone);
      expect(hrefOf(html, contact.email)).toBe(`mailto:${contact.email}`);
      expect(hoursOf(html)).toEqual(CONTACT_HOURS);
      expect(all).toContain(contact.hours_note);
      // map_embed_url is empty by default: no map.
      expect(findAll(page, "iframe")).toHaveLength(0);
    });

    it("the form: name and email required, phone, every service of the salon after 'Select a service', message", async () => {
      const form = find(await get(server(), "/contact"), "form", { id: "contact-message-form" }).inner;
      expect(find(form, "input", { name: "name" }).attrs.required).toBe("");
      expect(find(form, "input", { name: "email" }).attrs).toMatchObject({ required: "", type: "email" });
      const phone = find(form, "input", { name: "phone" }).attrs;
      expect(phone.type).toBe("tel");
      expect(phone.required).toBeUndefined();
      const select = find(form, "select", { name: "service" }).inner;
      const options = findAll(select, "option");
      expect(options.map((o) => [o.attrs.value, text(o)])).toEqual([
        ["", "Select a service"],
        ...CONTACT_SERVICES.map((service) => [service.value, service.label]),
      ]);
      for (const service of ["Hair Services", "Nail Services", "Lip Fillers", "Facials", "Spa Packages"])
        expect(options.map(text)).toContain(service);
      // Grouped: the category pages, then the signature treatments.
      expect(findAll(select, "optgroup").map((g) => g.attrs.label)).toEqual([
        "Explore by Category",
        "Signature Treatments",
      ]);
      expect(find(form, "textarea", { name: "message" })).toBeDefined();
    });

    it("the BeautySalon structured data, title and canonical", async () => {
      const page = await get(server(), "/contact");
      const json = jsonLd(page);
      expect(json).toMatchObject({ "@type": "BeautySalon", name: contact.business_name, email: contact.email });
      expect(json.contactPoint.map((c: { telephone: string }) => c.telephone)).toEqual([
        "+17135550142",
        "+17135550199",
      ]);
      expect(text(find(page, "title"))).toMatch(/^Contact Us \| /);
      expect(canonical(page)).toMatch(/\/contact$/);
      expect(find(page, "meta", { name: "description" }).attrs.content).toContain(contact.city);
    });
  });
});

describe(`every public page's ids (${testDialect})`, { timeout: 60_000 }, () => {
  /** Every public page a visitor can reach, with the status it answers. */
  const PAGES: [path: string, status: number][] = [
    ["/", 200],
    ["/about", 200],
    ["/services", 200],
    ...TREATMENTS.map(([id]): [string, number] => [`/services/${id}`, 200]),
    ...CATEGORIES.map(([id]): [string, number] => [`/services/${id}`, 200]),
    ["/services/wax", 200],
    ["/services/facials", 200],
    ["/services/no-such-service", 404],
    ["/bookings", 200],
    ...BOOKINGS.map(([id]): [string, number] => [`/book/${id}`, 200]),
    ["/suites", 200],
    ["/contact", 200],
    ["/this-does-not-exist", 404],
  ];

  const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  /** The ids of the elements in some markup, in document order. */
  const idsOf = (html: string) =>
    [...withoutScripts(html).matchAll(/<[a-z][a-z0-9-]*[^>]*?\sid="([^"]*)"/gi)].map((m) => decode(m[1]));

  it(
    "no page repeats an id, and every id a label, ARIA attribute or in-page link points to exists",
    { timeout: 60_000 },
    async () => {
      for (const [path, status] of PAGES) {
        const html = await get(server(), path, status);
        const ids = idsOf(html);
        const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
        expect(repeated, `${path}: ids used more than once`).toEqual([]);

        const known = new Set(ids);
        const references: string[] = [];
        for (const [, attr, value] of withoutScripts(html).matchAll(
          /\s(aria-labelledby|aria-describedby|aria-controls|for|href)="([^"]*)"/g,
        )) {
          const targets =
            attr === "href" ? (value.startsWith("#") && value.length > 1 ? [value.slice(1)] : []) : value.split(/\s+/);
          for (const target of targets.filter(Boolean))
            if (!known.has(decode(target))) references.push(`${attr}=${target}`);
        }
        expect(references, `${path}: references to ids that are not on the page`).toEqual([]);
      }
    },
  );

  it("the same holds after a form comes back with errors (no JavaScript)", async () => {
    for (const path of ["/", "/contact", "/suites", "/services/hair", "/services/lip-fillers"]) {
      const response = await server().fetch(path, { method: "POST", body: new URLSearchParams({ email: "x" }) });
      const html = await response.text();
      const ids = idsOf(html);
      expect(
        ids.filter((id, i) => ids.indexOf(id) !== i),
        path,
      ).toEqual([]);
    }
  });
});

describe(
  `contact content from the database: one source of hours for home, contact and footer (${testDialect})`,
  { timeout: 60_000 },
  () => {
    const MAP = "https://www.google.com/maps/embed?pb=test";
    const server = useTestServer({
      prepare: async (db) => {
        await new ContentService(db).save("contact", {
          hero_title: "Say Hello",
          hours_monday: "10:00 AM - 4:00 PM",
          hours_saturday: "9:00 AM - 2:00 PM",
          hours_note: "Holiday hours may vary.",
          map_embed_url: MAP,
        });
      },
    });
    const expected = [
      ["Sunday", "Closed"],
      ["Monday", "10:00 AM - 4:00 PM"],
      ["Tuesday", "9:00 AM - 6:00 PM"],
      ["Wednesday", "9:00 AM - 6:00 PM"],
      ["Thursday", "9:00 AM - 6:00 PM"],
      ["Friday", "9:00 AM - 6:00 PM"],
      ["Saturday", "9:00 AM - 2:00 PM"],
    ];

    it("changed hours show the same on the contact page and the home hours card", async () => {
      const contactPage = await get(server(), "/contact");
      expect(h1(contactPage)).toEqual(["Say Hello"]);
      expect(hoursOf(main(contactPage))).toEqual(expected);
      expect(text(main(contactPage))).toContain("Holiday hours may vary.");

      const home = await get(server(), "/");
      const card = find(home, "div", { "data-hours-card": true });
      expect(hoursOf(card.inner)).toEqual(expected);
      expect(text(card)).toContain("Holiday hours may vary.");
      // The structured data follows too.
      expect(jsonLd(home).openingHoursSpecification).toHaveLength(6);
    });

    it("the map is embedded when map_embed_url is set", async () => {
      const map = find(await get(server(), "/contact"), "iframe");
      expect(map.attrs.src).toBe(MAP);
      expect(map.attrs.title).toMatch(new RegExp(contact.business_name.replace("&", ".")));
      expect(map.attrs.loading).toBe("lazy");
    });
  },
);
