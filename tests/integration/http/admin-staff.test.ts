/**
 * /admin/staff over HTTP: admins only (editors are refused, and do not see it in the sidebar), a
 * staff member added with the form gets a page with their absolute calendar feed link; the
 * service editor saves option lengths and prices that /api/services serves while the public pages
 * keep listing the option names. Once someone is added, the bookings made before are listed to be
 * assigned in one step, and services nobody offers are named.
 */
import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/content";
import { addLocalDays, localDate, weekdayOf } from "~/lib/booking/availability";
import { STAFF_PAGE_SIZE } from "~/lib/booking/staff";
import { editorFields, serviceEditorFor } from "~/lib/editors";
import { MEDIA_PAGE_SIZE, type LibraryPage } from "~/lib/media";
import { nowIso } from "~/server/db/database.server";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";
import { find, findAll, hrefOf, links, text } from "../../support/html-fragments";

const form = (fields: [string, string][] | Record<string, string>) => new URLSearchParams(fields);

describe(`admin staff over HTTP (${testDialect})`, () => {
  const server = useTestServer();

  it("editors are refused from /admin/staff (screens and changes) and do not see it in the sidebar", async () => {
    const { cookie } = await server().signIn("editor");
    for (const path of ["/admin/staff", "/admin/staff/new"]) {
      const response = await server().fetch(path, { cookie });
      expect(response.status, path).toBe(403);
      const html = await response.text();
      expect(html, path).toContain("Only an admin can manage staff");
      expect(html, path).toContain('<nav aria-label="Admin"');
      expect(links(find(html, "nav", { "aria-label": "Admin" })).map((a) => text(a))).not.toContain("Staff");
    }
    const refused = await server().fetch("/admin/staff/new", {
      method: "POST",
      cookie,
      body: form({ intent: "create", name: "Sneaky", hoursMode: "salon" }),
    });
    expect(refused.status).toBe(403);
    expect(await server().db.selectFrom("staff").select("id").where("name", "=", "Sneaky").execute()).toEqual([]);
  });

  it("an admin adds someone with their own hours, gets their page with the feed link, and can regenerate it", async () => {
    const { cookie } = await server().signIn("admin");
    const list = await (await server().fetch("/admin/staff", { cookie })).text();
    expect(links(find(list, "nav", { "aria-label": "Admin" })).map((a) => text(a))).toContain("Staff");
    expect(text(find(list, "div", { "data-testid": "booking-rule" }))).toContain("each service books like one chair");

    const week: [string, string][] = [0, 1, 3, 4, 5, 6].map((d) => [`off-${d}`, "on"]);
    const outside = await server().fetch("/admin/staff/new", {
      method: "POST",
      cookie,
      body: form([
        ["intent", "create"],
        ["name", "Ana Http"],
        ["services", "nails"],
        ["hoursMode", "custom"],
        ...week,
        ["start-2", "08:00"],
        ["end-2", "12:00"],
      ]),
    });
    expect(outside.status).toBe(400);
    expect(await outside.text()).toContain("Tuesday: 8:00 AM – 12:00 PM is outside the salon");

    const created = await server().fetch("/admin/staff/new", {
      method: "POST",
      cookie,
      body: form([
        ["intent", "create"],
        ["name", "Ana Http"],
        ["email", "ana.http@aurelia.example"],
        ["services", "nails"],
        ["hoursMode", "custom"],
        ...week,
        ["start-2", "10:00"],
        ["end-2", "14:00"],
      ]),
    });
    expect(created.status).toBe(302);
    const row = await server()
      .db.selectFrom("staff")
      .select(["id", "calendar_token", "hours", "email"])
      .where("name", "=", "Ana Http")
      .executeTakeFirstOrThrow();
    expect(row.email).toBe("ana.http@aurelia.example");
    expect(created.headers.get("location")).toBe(`/admin/staff/${row.id}`);
    expect(JSON.parse(row.hours)[2]).toEqual([{ opens: 600, closes: 840 }]);

    const feed = async () => {
      const page = await (await server().fetch(`/admin/staff/${row.id}`, { cookie })).text();
      return find(page, "input", { id: `feed-${row.id}` }).attrs.value;
    };
    // Absolute, on the site's public origin (PUBLIC_URL, the test server's own address).
    const origin = server().url.replace(/[.]/g, "\\.");
    expect(await feed()).toBe(`${server().url}/calendar/${row.calendar_token}.ics`);
    const regenerated = await server().fetch(`/admin/staff/${row.id}`, {
      method: "POST",
      cookie,
      body: form({ intent: "regenerate-token" }),
    });
    expect(regenerated.status).toBe(200);
    const renewed = await feed();
    expect(renewed).toMatch(new RegExp(`^${origin}/calendar/[A-Za-z0-9_-]{32}\\.ics$`));
    expect(renewed).not.toContain(row.calendar_token);

    const listed = await (await server().fetch("/admin/staff", { cookie })).text();
    expect(text(find(listed, "li", { "data-staff-id": String(row.id) }))).toContain("Ana Http");
    const dashboard = await (await server().fetch("/admin/dashboard", { cookie })).text();
    expect(dashboard).toContain("regenerated the calendar feed link of Ana Http");
    expect((await server().fetch("/admin/staff/999999", { cookie })).status).toBe(404);
    // Leave the salon without staff for the other tests: one chair per service (the seeded suite
    // manager, who only gives tours, is not the salon's staff).
    await server().fetch(`/admin/staff/${row.id}`, { method: "POST", cookie, body: form({ intent: "delete" }) });
    expect(await server().db.selectFrom("staff").select("services").execute()).toEqual([
      { services: '["suite-tour"]' },
    ]);
    const rule = await (await server().fetch("/admin/staff", { cookie })).text();
    expect(text(find(rule, "div", { "data-testid": "booking-rule" }))).toContain(
      "Now: nobody active does the salon's services — each service books like one chair.",
    );
  });

  it("the service editor saves option lengths and prices: /api/services serves them, the public pages list the names", async () => {
    const { cookie } = await server().signIn("editor");
    const def = serviceEditorFor("nails")!;
    const defaults = defaultsFor(def.page) as Record<string, string>;
    const options: [string, string, string][] = [
      ["Gel Manicure", "45", "$50"],
      ["Deluxe Spa Pedicure", "75", "$70"],
    ];
    const fields: [string, string][] = [["intent", "publish"]];
    for (const field of editorFields(def)) {
      if (field.kind !== "options") fields.push([field.key, defaults[field.key] ?? ""]);
      else
        for (const [name, duration, price] of options)
          fields.push([field.key, name], [`${field.key}.duration`, duration], [`${field.key}.price`, price]);
    }
    try {
      const bad = fields.map(([k, v]): [string, string] => [k, k.endsWith(".duration") && v === "75" ? "721" : v]);
      const refused = await server().fetch("/admin/edit/service/nails", { method: "POST", cookie, body: form(bad) });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Pedicure”: give the length as whole minutes from 5 to 720");

      const saved = await server().fetch("/admin/edit/service/nails", { method: "POST", cookie, body: form(fields) });
      expect(saved.status).toBe(200);

      const services = (await (await server().fetch("/api/services")).json()) as {
        id: string;
        options: unknown[];
      }[];
      expect(services.find((s) => s.id === "nails")?.options).toEqual([
        { name: "Gel Manicure", durationMinutes: 45, price: "$50" },
        { name: "Deluxe Spa Pedicure", durationMinutes: 75, price: "$70" },
      ]);
      const page = await (await server().fetch("/services/nails")).text();
      const select = find(page, "select", { name: "option" });
      expect([...select.inner.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]).filter(Boolean)).toEqual([
        "Gel Manicure",
        "Deluxe Spa Pedicure",
      ]);
      // The service page's booking form takes the option by its name: chosen, the page shows its length.
      const chosen = await (await server().fetch("/services/nails?option=Deluxe%20Spa%20Pedicure")).text();
      const chosenOption = find(chosen, "select", { name: "option" }).inner.match(
        /<option[^>]*selected[^>]*>(.*?)<\/option>/,
      );
      expect(chosenOption?.[1].replaceAll("<!-- -->", "")).toBe("Deluxe Spa Pedicure · 75 min · $70");
    } finally {
      const reset = await server().fetch("/admin/edit/service/nails", {
        method: "POST",
        cookie,
        body: form({ intent: "reset:service_options" }),
      });
      expect(reset.status).toBe(200);
      const published = await server().fetch("/admin/edit/service/nails", {
        method: "POST",
        cookie,
        body: form({ intent: "publish-draft" }),
      });
      expect(published.status).toBe(200);
    }
  });

  it("adding the first person: the bookings made before are listed and assigned in one step; services nobody offers are named", async () => {
    const { cookie } = await server().signIn("admin");
    // A client books hair while nobody is set up (one chair per service), on the next Tuesday.
    let date = addLocalDays(localDate(Date.now(), "America/Chicago"), 2);
    while (weekdayOf(date) !== 2) date = addLocalDays(date, 1);
    const day = (await (await server().fetch(`/api/availability?service=hair&date=${date}`)).json()) as {
      slots: { start: string }[];
    };
    const booked = await server().fetch("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        service: "hair",
        start: day.slots[0].start,
        firstName: "Ada",
        lastName: "Before",
        email: "before@example.com",
        phone: "(713) 555-0100",
        agreeToTerms: true,
      }),
    });
    expect(booked.status).toBe(201);

    const created = await server().fetch("/admin/staff/new", {
      method: "POST",
      cookie,
      body: form([
        ["intent", "create"],
        ["name", "Hana"],
        ["services", "hair"],
        ["hoursMode", "salon"],
      ]),
    });
    const path = created.headers.get("location")!;
    const own = await (await server().fetch(path, { cookie })).text();
    const card = find(own, "section", { "data-testid": "unassigned" });
    expect(text(card)).toContain("1 upcoming booking is not assigned to anyone");
    expect(text(card)).toContain("Ada BeforeHair");
    expect(text(find(card.outer, "button"))).toBe("Assign 1 upcoming booking to Hana");

    const nobody =
      "Nobody offers Nails, Body Sculpting, Eyebrows, Makeup, Lashes and Facials & Waxing: clients cannot book them online.";
    const list = await (await server().fetch("/admin/staff", { cookie })).text();
    expect(text(find(list, "div", { "data-testid": "nobody-does" }))).toContain(nobody);
    expect(text(find(list, "section", { "data-testid": "unassigned" }))).toContain("Assign 1 upcoming booking to Hana");
    const bookings = await (await server().fetch("/admin/bookings", { cookie })).text();
    expect(text(find(bookings, "div", { "data-testid": "nobody-does" }))).toContain(nobody);
    expect(text(find(bookings, "p", { "data-testid": "unassigned-note" }))).toContain(
      "1 upcoming booking is not assigned to anyone",
    );

    const assigned = await server().fetch(path, { method: "POST", cookie, body: form({ intent: "assign-bookings" }) });
    expect(assigned.status).toBe(200);
    expect(await assigned.text()).toContain("Assigned 1 booking to Hana.");
    expect(await (await server().fetch("/admin/staff", { cookie })).text()).not.toContain('data-testid="unassigned"');

    // Leave the salon without staff for the other tests.
    await server().db.deleteFrom("bookings").where("email", "=", "before@example.com").execute();
    await server().db.deleteFrom("staff").where("name", "=", "Hana").execute();
  });
  describe("suites (admins only)", () => {
    const unitId = async (name: string) =>
      (await server().db.selectFrom("suite_units").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const smallCard = async () => {
      const page = await (await server().fetch("/suites")).text();
      const section = find(page, "section", { "aria-labelledby": "suite-types-title" });
      return text(find(section.inner, "article"));
    };

    it("editors are refused from the suites screens and their changes, and do not see them in the sidebar", async () => {
      const { cookie } = await server().signIn("editor");
      for (const path of [
        "/admin/suites",
        "/admin/suites/units/new",
        `/admin/suites/units/${await unitId("Suite 1")}`,
      ]) {
        const response = await server().fetch(path, { cookie });
        expect(response.status, path).toBe(403);
        const html = await response.text();
        expect(html, path).toContain("Only an admin can manage suites");
        expect(html, path).not.toContain("Maya Torres");
        expect(links(find(html, "nav", { "aria-label": "Admin" })).map((a) => text(a))).not.toContain("Suites");
      }
      const refused = await server().fetch("/admin/suites/types/new", {
        method: "POST",
        cookie,
        body: form({ name: "Sneaky", slug: "sneaky", sizeLabel: "Big", rentPeriod: "week", rentFrom: "1" }),
      });
      expect(refused.status).toBe(403);
      expect(await server().db.selectFrom("suite_types").select("id").where("slug", "=", "sneaky").execute()).toEqual(
        [],
      );
      const dashboard = await (await server().fetch("/admin/dashboard", { cookie })).text();
      expect(dashboard).not.toContain("Weekly rent roll");
    });

    it("a unit's lease is checked on the server, and the form comes back with what was typed", async () => {
      const { cookie } = await server().signIn("admin");
      const response = await server().fetch(`/admin/suites/units/${await unitId("Suite 5")}`, {
        method: "POST",
        cookie,
        body: form({
          name: "Suite 5",
          typeId: "1",
          lesseeName: "Rosa Diaz",
          leaseStart: "2026-12-01",
          leaseEnd: "2026-11-01",
          rent: "a lot",
        }),
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Check the highlighted fields.");
      expect(html).toContain("The lease must end on or after its first day");
      expect(html).toContain("Enter a rent in dollars, from $1 to $10,000");
      expect(html).toContain('value="Rosa Diaz"');
      expect(html).toMatch(/name="leaseEnd"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="leaseEnd"/);
    });

    it("an admin leases a free unit: /suites counts one fewer free, the dashboard and the report count it", async () => {
      const { cookie } = await server().signIn("admin");
      expect(await smallCard()).toContain("2 free now");
      const id = await unitId("Suite 5");
      const typeId = String(
        (await server().db.selectFrom("suite_types").select("id").where("slug", "=", "small").executeTakeFirstOrThrow())
          .id,
      );
      const leased = await server().fetch(`/admin/suites/units/${id}`, {
        method: "POST",
        cookie,
        body: form({
          name: "Suite 5",
          typeId,
          lesseeName: "Rosa Diaz",
          lesseeEmail: "rosa@example.com",
          lesseeSpecialty: "Lashes",
          leaseStart: "2020-01-01",
          rent: "290",
        }),
      });
      expect(leased.status).toBe(302);
      expect(leased.headers.get("location")).toBe("/admin/suites");
      expect(await smallCard()).toContain("1 free now");

      const list = await (await server().fetch("/admin/suites", { cookie })).text();
      expect(text(find(list, "ul", { "data-testid": "suite-units" }))).toContain("Rosa Diaz");
      const dashboard = await (await server().fetch("/admin/dashboard", { cookie })).text();
      expect(text(find(dashboard, "dd", { "data-testid": "occupancy-leased" }))).toBe("9 / 14");
      const report = await (await server().fetch("/admin/reports", { cookie })).text();
      const section = text(find(report, "section", { "data-testid": "suites-occupancy" }));
      expect(section).toContain("Small Suites");
      expect(section).toContain("9 of 14 leased (64%)");

      // Free again for the other tests.
      const freed = await server().fetch(`/admin/suites/units/${id}`, {
        method: "POST",
        cookie,
        body: form({ name: "Suite 5", typeId }),
      });
      expect(freed.status).toBe(302);
      expect(await smallCard()).toContain("2 free now");
    });

    it("a suite type's web name is its own, and a type with units is not deleted", async () => {
      const { cookie } = await server().signIn("admin");
      const large = await server()
        .db.selectFrom("suite_types")
        .select("id")
        .where("slug", "=", "large")
        .executeTakeFirstOrThrow();
      const taken = await server().fetch(`/admin/suites/types/${large.id}`, {
        method: "POST",
        cookie,
        body: form({
          name: "Large",
          slug: "small",
          sizeLabel: "Big",
          rentPeriod: "week",
          rentFrom: "425",
          displayOrder: "1",
        }),
      });
      expect(taken.status).toBe(409);
      expect(await taken.text()).toContain("Another suite type has this web name");
      const kept = await server().fetch(`/admin/suites/types/${large.id}`, {
        method: "POST",
        cookie,
        body: form({ intent: "delete" }),
      });
      expect(kept.status).toBe(409);
      expect(await kept.text()).toContain("Large Suites / Duos still has 3 units. Move or delete them first.");
      expect((await server().fetch("/admin/suites/types/99999", { cookie })).status).toBe(404);
    });

    it("Daily Rentals is rented by the day: its rent reads a day, its period is checked, and its rent roll stays apart", async () => {
      const { cookie } = await server().signIn("admin");
      const daily = await server()
        .db.selectFrom("suite_types")
        .select("id")
        .where("slug", "=", "daily")
        .executeTakeFirstOrThrow();
      const page = await (await server().fetch(`/admin/suites/types/${daily.id}`, { cookie })).text();
      expect(page).toMatch(/<option value="day" selected="">By the day<\/option>/);
      const refused = await server().fetch(`/admin/suites/types/${daily.id}`, {
        method: "POST",
        cookie,
        body: form({
          name: "Daily Rentals",
          slug: "daily",
          sizeLabel: "A station",
          rentPeriod: "month",
          rentFrom: "65",
        }),
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Choose by the week or by the day");

      const list = text(find(await (await server().fetch("/admin/suites", { cookie })).text(), "main"));
      expect(list).toContain("from $65 / day");
      const dashboard = await (await server().fetch("/admin/dashboard", { cookie })).text();
      expect(text(find(dashboard, "dd", { "data-testid": "occupancy-rent-roll" }))).toBe("$2,625");
      expect(text(find(dashboard, "dd", { "data-testid": "occupancy-day-rent" }))).toBe("$0");
      const report = text(
        find(await (await server().fetch("/admin/reports", { cookie })).text(), "section", {
          "data-testid": "suites-occupancy",
        }),
      );
      expect(report).toContain("$0 / day");
      expect(report).toContain("$2,625 / week");
    });
  });

  it("the staff list, the media library and the waiting list come a page at a time; a malformed or far page shows the first or the last", async () => {
    const { cookie } = await server().signIn("admin");
    const db = server().db;
    // People who left, enough for a second page: inactive and doing nothing, they change no booking.
    const before = await db.selectFrom("staff").select("id").execute();
    const { max } = await db
      .selectFrom("staff")
      .select((eb) => eb.fn.max("display_order").as("max"))
      .executeTakeFirstOrThrow();
    await db
      .insertInto("staff")
      .values(
        Array.from({ length: STAFF_PAGE_SIZE }, (_, i) => ({
          name: `Former ${String(i + 1).padStart(2, "0")}`,
          is_active: 0,
          display_order: Number(max ?? 0) + 1 + i,
          calendar_token: `former-${i}`,
          created_at: nowIso(),
          updated_at: nowIso(),
        })),
      )
      .execute();
    const total = before.length + STAFF_PAGE_SIZE;
    const rowsOf = (html: string) => findAll(html, "li", { "data-testid": "staff-row" });
    const current = (html: string) =>
      text(find(find(html, "nav", { "aria-label": "Pages" }).outer, "a", { "aria-current": "page" }));
    try {
      const screen = async (search: string) => {
        const response = await server().fetch(`/admin/staff${search}`, { cookie });
        expect(response.status, search).toBe(200);
        return response.text();
      };
      const first = await screen("");
      expect(rowsOf(first)).toHaveLength(STAFF_PAGE_SIZE);
      expect(hrefOf(find(first, "nav", { "aria-label": "Pages" }), "Next")).toBe("/admin/staff?page=2");
      const second = await screen("?page=2");
      expect(rowsOf(second)).toHaveLength(total - STAFF_PAGE_SIZE);
      expect(text(rowsOf(second).at(-1)!)).toContain(`Former ${STAFF_PAGE_SIZE}`);
      expect(current(second)).toBe("2");
      // The last on the list cannot move down; the first of page two can move up.
      expect(find(second, "button", { "aria-label": `Move Former ${STAFF_PAGE_SIZE} down` }).attrs.disabled).toBe("");
      const moveUp = (html: string) => findAll(html, "button", { "aria-label": /^Move .+ up$/ })[0].attrs.disabled;
      expect(moveUp(first)).toBe("");
      expect(moveUp(second)).toBeUndefined();
      for (const search of ["?page=abc", "?page=-5", "?page=0", "?page=1.5"])
        expect(
          rowsOf(await screen(search)).map((r) => r.attrs["data-staff-id"]),
          search,
        ).toEqual(rowsOf(first).map((r) => r.attrs["data-staff-id"]));
      expect(current(await screen("?page=99999999999"))).toBe("2");

      // The library holds the site's photographs, more than a page of them.
      const library = async (search: string) => (await server().fetch(`/admin/media${search}`, { cookie })).text();
      const cards = (html: string) =>
        findAll(html, "li", { "data-testid": "media-card" }).map((card) => card.attrs["data-image-url"]);
      const mediaFirst = await library("");
      expect(cards(mediaFirst)).toHaveLength(MEDIA_PAGE_SIZE);
      expect(text(find(mediaFirst, "p", { "data-testid": "media-count" }))).toMatch(
        /^\d+ images · [\d.]+ (KB|MB) in total$/,
      );
      const mediaLast = await library("?page=2");
      expect(cards(mediaLast).length).toBeGreaterThan(0);
      expect(cards(await library("?page=abc"))).toEqual(cards(mediaFirst));
      expect(cards(await library("?page=-5"))).toEqual(cards(mediaFirst));
      expect(cards(await library("?page=99999999999"))).toEqual(cards(mediaLast));
      const searched = await library("?q=SUITE+interior&page=7");
      expect(cards(searched)).toContain("/images/suite-interior.jpg");
      expect(text(find(searched, "p", { "data-testid": "media-matches" }))).toMatch(
        /^\d+ images? matching “SUITE interior”$/,
      );
      const picker = async (search: string) =>
        (await (await server().fetch(`/admin/media/upload?list=1${search}`, { cookie })).json()) as LibraryPage;
      expect(await picker("&page=abc")).toEqual(await picker(""));
      expect((await picker("&page=99999999999")).images.map((i) => i.url)).toEqual(cards(mediaLast));
      expect((await picker("&q=%25_nothing")).total).toBe(0);

      for (const search of ["", "?page=2", "?page=abc", "?page=-5", "?page=99999999999"])
        expect((await server().fetch(`/admin/bookings/waiting-list${search}`, { cookie })).status, search).toBe(200);
    } finally {
      await db
        .deleteFrom("staff")
        .where(
          "id",
          "not in",
          before.map((b) => b.id),
        )
        .execute();
    }
  });
});
