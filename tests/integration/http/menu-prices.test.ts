/**
 * The menu over HTTP: every price and length the public pages show is read from the options the
 * owner edits, so a change in the service editor reaches the booking hub, the services page, the
 * category pages, the booking pages, the facials page and the treatments' pages at once (the page
 * cache is dropped); and the manage page of a cancelled or past visit offers to book it again.
 */
import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/content";
import { SERVICE_MENU } from "~/content/service-pages";
import { addLocalDays, localDate, weekdayOf } from "~/lib/booking/availability";
import { editorFields, serviceEditorFor } from "~/lib/editors";
import { find, findAll, hrefOf, outermost, text } from "../../support/html-fragments";
import { untilKept } from "../../support/page-cache";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

/** The first Tuesday at least two days ahead in the salon's zone (open 9 to 6 by default). */
function nextTuesday(): string {
  let date = addLocalDays(localDate(Date.now(), "America/Chicago"), 2);
  while (weekdayOf(date) !== 2) date = addLocalDays(date, 1);
  return date;
}

const main = (html: string) => find(html, "main").inner;

// One server for both: the price test puts every price back, and Book again books its own times.
const server = useTestServer();

describe(`the menu's prices over HTTP (${testDialect})`, () => {
  const page = async (path: string) => {
    const response = await server().fetch(path);
    expect(response.status, path).toBe(200);
    return main(await response.text());
  };
  /** The booking hub's card of a service: its length and its "Starting at". */
  const hubCard = async (title: string) => {
    const card = outermost(await page("/bookings"), "article").find((c) => text(find(c.inner, "h2")) === title);
    return text(card!);
  };
  const priceLine = (html: string, name: string) =>
    findAll(find(html, "ul", { "aria-labelledby": "price-list-title" }).inner, "li", { "data-price-item": true })
      .map((item) => text(item))
      .find((line) => line.startsWith(name));
  const treatmentCard = (html: string, title: string) =>
    text(outermost(html, "article").find((c) => text(c).includes(title))!);

  it("the defaults: each service's lowest price and range of lengths, each option its own", async () => {
    expect(await hubCard("Hair")).toContain("Duration30 min – 3 hrStarting at$40");
    expect(await hubCard("Nails")).toContain("15–90 minStarting at$15");
    const hair = await page("/services/hair");
    expect(priceLine(hair, "Men's Haircut")).toBe("Men's Haircut · 45 min $65");
    expect(priceLine(hair, "Balayage")).toBe("Balayage · 3 hr $280+");
    const nails = await page("/services/nails");
    expect(priceLine(nails, "Polish Change")).toBe("Polish Change · 20 min $20");
    expect(priceLine(nails, "Acrylic Full Set")).toBe("Acrylic Full Set · 90 min $75+");
    // Lip fillers are asked for, not booked, yet their menu has prices too.
    expect(priceLine(await page("/services/lip-fillers"), "Lip Filler (1 ml)")).toBe("Lip Filler (1 ml) · 60 min $695");
    const services = await page("/services");
    expect(treatmentCard(services, "Facial Treatments")).toContain("60–75 minPriceFrom $110");
    expect(treatmentCard(services, "Spa Packages")).toContain("3½ hrPrice$335");
    // No price is written into a page: the old fixed figures are gone.
    for (const path of ["/bookings", "/services", "/book/hair", "/services/facial"]) {
      const html = await page(path);
      // $150 was hair's fixed starting price (other options may cost $150 today).
      for (const old of ["Starting at$150", "2-4 hours", "60-90 minutes", "Starting at$80"])
        expect(text(html), `${path} ${old}`).not.toContain(old);
    }
  });

  it("an owner's price change in the service editor reaches every page that shows it, past the page cache", async () => {
    const paths = [
      "/bookings",
      "/services",
      "/services/facials-waxing",
      "/services/facials",
      "/services/facial",
      "/book/facials-waxing",
    ];
    // Each page is kept by the page cache before the change.
    for (const path of paths) await (await untilKept(() => server().fetch(path))).arrayBuffer();

    const { cookie } = await server().signIn("editor");
    const def = serviceEditorFor("facials-waxing")!;
    const defaults = defaultsFor(def.page) as Record<string, string>;
    const repriced: Record<string, string> = { "Deep Cleansing Facial": "$95", "Lip or Chin Wax": "$12" };
    const fields: [string, string][] = [["intent", "publish"]];
    for (const field of editorFields(def)) {
      if (field.kind !== "options") fields.push([field.key, defaults[field.key] ?? ""]);
      else
        for (const o of SERVICE_MENU.waxing)
          fields.push(
            [field.key, o.name],
            [`${field.key}.duration`, String(o.durationMinutes)],
            [`${field.key}.price`, repriced[o.name] ?? o.price],
          );
    }
    try {
      const saved = await server().fetch("/admin/edit/service/facials-waxing", {
        method: "POST",
        cookie,
        body: new URLSearchParams(fields),
      });
      expect(saved.status).toBe(200);
      // The change is announced once the answer has gone out.
      expect(await saved.text()).toContain("Facials \\u0026 Waxing page updated successfully");

      for (const path of paths) {
        const response = await server().fetch(path);
        expect(response.headers.get("x-cache"), path).not.toBe("HIT");
        await response.arrayBuffer();
      }
      expect(await hubCard("Facials & Waxing")).toContain("Starting at$12");
      expect(text(await page("/book/facials-waxing"))).toContain("Starting at$12");
      expect(priceLine(await page("/services/facials-waxing"), "Lip or Chin Wax")).toBe("Lip or Chin Wax · 10 min $12");
      expect(priceLine(await page("/services/facials"), "Deep Cleansing Facial")).toMatch(
        /^Deep Cleansing Facial · 60 min \$95/,
      );
      const services = await page("/services");
      expect(treatmentCard(services, "Facial Treatments")).toContain("From $95");
      expect(treatmentCard(services, "Waxing Services")).toContain("From $12");
      expect(treatmentCard(services, "Spa Packages")).toContain("$320");
      expect(text(await page("/services/facial"))).toContain("From $95");
    } finally {
      const reset = await server().fetch("/admin/edit/service/facials-waxing", {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "reset:service_options" }),
      });
      expect(reset.status).toBe(200);
      const published = await server().fetch("/admin/edit/service/facials-waxing", {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "publish-draft" }),
      });
      expect(published.status).toBe(200);
      await reset.arrayBuffer();
    }
    expect(await hubCard("Facials & Waxing")).toContain("Starting at$15");
  });
});

describe(`Book again on the manage page (${testDialect})`, () => {
  const book = async (option: string) => {
    const date = nextTuesday();
    const day = (await (await server().fetch(`/api/availability?service=lashes&date=${date}`)).json()) as {
      slots: { start: string }[];
    };
    const response = await server().fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        service: "lashes",
        option,
        start: day.slots.at(-1)!.start,
        firstName: "Ada",
        lastName: "Again",
        email: "again@example.com",
        phone: "(713) 555-0100",
        agreeToTerms: true,
      }),
    });
    expect(response.status).toBe(201);
    return new URL(((await response.json()) as { manageUrl: string }).manageUrl).pathname;
  };
  const bookAgainLink = async (path: string) => {
    const html = main(await (await server().fetch(path)).text());
    return findAll(html, "a").some((a) => text(a) === "Book again") ? hrefOf(html, "Book again") : undefined;
  };

  it("a cancelled visit offers the same service with the same option chosen, a live one does not", async () => {
    const path = await book("Lash Lift & Tint");
    expect(await bookAgainLink(path)).toBeUndefined();
    const cancelled = await server().fetch(path, { method: "POST", body: new URLSearchParams({ intent: "cancel" }) });
    expect(cancelled.status).toBe(200);
    const link = await bookAgainLink(path);
    expect(link).toBe("/book/lashes?option=Lash+Lift+%26+Tint");

    const booking = await (await server().fetch(link!.replaceAll("&amp;", "&"))).text();
    const chosen = find(booking, "select", { name: "option" }).inner.match(/<option[^>]*selected[^>]*>(.*?)<\/option>/);
    expect(chosen?.[1].replaceAll("<!-- -->", "").replaceAll("&amp;", "&")).toMatch(/^Lash Lift & Tint · /);
  });

  it("a visit of several services books them all again, each with its option and person, and says plainly what it could not keep", async () => {
    const at = new Date().toISOString();
    const add = (name: string, services: string[], token: string) =>
      server()
        .db.insertInto("staff")
        .values({
          name,
          services: JSON.stringify(services),
          calendar_token: token.repeat(32),
          is_active: 1,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const nia = await add("Nia", ["lashes"], "n");
    const oki = await add("Oki", ["eyebrows"], "o");
    const pia = await add("Pia", ["eyebrows"], "p");
    try {
      const brows = (
        (await (await server().fetch("/api/services")).json()) as { id: string; options: { name: string }[] }[]
      ).find((s) => s.id === "eyebrows")!.options[0].name;
      const date = addLocalDays(nextTuesday(), 7);
      const query = new URLSearchParams([
        ["service", "lashes"],
        ["service", "eyebrows"],
        ["option", "Classic Fill"],
        ["option", brows],
        ["staff", String(nia)],
        ["staff", String(oki)],
        ["date", date],
      ]);
      const day = (await (await server().fetch(`/api/availability?${query}`)).json()) as { slots: { start: string }[] };
      const response = await server().fetch("/api/bookings", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          service: "lashes",
          option: "Classic Fill",
          staff: nia,
          more: [{ service: "eyebrows", option: brows, staff: oki }],
          start: day.slots[0].start,
          firstName: "Ada",
          lastName: "Again",
          email: "visit-again@example.com",
          phone: "(713) 555-0109",
          agreeToTerms: true,
        }),
      });
      expect(response.status).toBe(201);
      const path = new URL(((await response.json()) as { manageUrl: string }).manageUrl).pathname;
      await server().fetch(path, { method: "POST", body: new URLSearchParams({ intent: "cancel" }) });

      const again = `/book/lashes?${new URLSearchParams([
        ["option", "Classic Fill"],
        ["staff", String(nia)],
        ["also", `eyebrows:${brows}`],
        ["with", `${oki}:eyebrows:${brows}`],
      ])}`;
      const manage = main(await (await server().fetch(path)).text());
      expect(hrefOf(manage, "Book again").replaceAll("&amp;", "&")).toBe(again);
      expect(manage).toContain("The same services, at a day and time you choose.");
      // The page names the whole visit and everyone in it.
      expect(text(manage)).toContain(`Lashes — Classic Fill, then Eyebrows — ${brows}`);
      expect(text(manage)).toContain("Nia, Oki");
      expect(findAll(manage, "ul", { "data-book-again-notes": true })).toHaveLength(0);
      // The booking page opens with both services and both people chosen.
      const booking = await (await server().fetch(again)).text();
      expect(find(booking, "input", { type: "hidden", name: "staff" }).attrs.value).toBe(String(nia));
      expect(findAll(booking, "input", { type: "checkbox", name: "also", value: `eyebrows:${brows}` })).toHaveLength(1);
      expect(find(booking, "option", { value: `${oki}:eyebrows:${brows}` }).attrs).toHaveProperty("selected");

      // Oki has left and Nia no longer does lashes: anyone is offered for each, and the page says so.
      await server().db.updateTable("staff").set({ is_active: 0 }).where("id", "=", oki).execute();
      await server().db.updateTable("staff").set({ services: '["eyebrows"]' }).where("id", "=", nia).execute();
      const fallback = main(await (await server().fetch(path)).text());
      expect(hrefOf(fallback, "Book again").replaceAll("&amp;", "&")).toBe(
        `/book/lashes?${new URLSearchParams([
          ["option", "Classic Fill"],
          ["also", `eyebrows:${brows}`],
        ])}`,
      );
      expect(text(find(fallback, "ul", { "data-book-again-notes": true }))).toBe(
        "Nia no longer takes Lashes bookings online, so anyone free is offered." +
          "Oki no longer takes Eyebrows bookings online, so anyone free is offered.",
      );

      // An option no longer offered: the added service is left out; the first falls back to a choice.
      const key = path.split("/").pop()!.split(".")[0];
      const row = await server()
        .db.selectFrom("bookings")
        .select("parts")
        .where("manage_key", "=", key)
        .executeTakeFirstOrThrow();
      const parts = JSON.parse(row.parts) as { option: string }[];
      parts[0].option = "Mega Volume 2019";
      parts[1].option = "Brow Lamination 2019";
      await server()
        .db.updateTable("bookings")
        .set({ parts: JSON.stringify(parts), option_name: "Mega Volume 2019" })
        .where("manage_key", "=", key)
        .execute();
      const renamed = main(await (await server().fetch(path)).text());
      expect(hrefOf(renamed, "Book again")).toBe("/book/lashes");
      expect(text(find(renamed, "ul", { "data-book-again-notes": true }))).toBe(
        "“Mega Volume 2019” is no longer offered: please choose a Lashes option." +
          "Nia no longer takes Lashes bookings online, so anyone free is offered." +
          "“Brow Lamination 2019” (Eyebrows) is no longer offered, so it is left out.",
      );
    } finally {
      await server().db.deleteFrom("bookings").where("email", "=", "visit-again@example.com").execute();
      await server().db.deleteFrom("staff").where("id", "in", [nia, oki, pia]).execute();
    }
  });

  it("a visit that has taken place offers it too", async () => {
    const path = await book("Classic Fill");
    const key = path.split("/").pop()!.split(".")[0];
    await server()
      .db.updateTable("bookings")
      .set({ status: "confirmed", starts_at: "2026-01-06T15:00:00.000Z", ends_at: "2026-01-06T16:00:00.000Z" })
      .where("manage_key", "=", key)
      .execute();
    expect(await bookAgainLink(path)).toBe("/book/lashes?option=Classic+Fill");
  });
});
