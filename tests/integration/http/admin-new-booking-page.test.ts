/**
 * The front desk's New booking without JavaScript: the button is a link to the same form as a
 * section of /admin/bookings, which posts to the page's action, goes back to the calendar with the
 * success message when booked, and comes back with the values typed and what to fix when refused.
 */
import { describe, expect, it } from "vitest";
import { bookingParts } from "~/lib/booking/parts";
import { STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { openDayFromToday } from "../../support/dates";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const unescape = (html: string) => html.replace(/&amp;/g, "&");
/** The value of one attribute of the first tag matching `tag`. */
const attribute = (html: string, tag: RegExp, name: string) =>
  unescape(new RegExp(`${tag.source}[^>]*?${name}="([^"]*)"`).exec(html)?.[1] ?? "");

describe(`the new booking page without JavaScript (${testDialect})`, () => {
  const server = useTestServer();
  const rows = () => server().db.selectFrom("bookings").selectAll().where("kind", "=", "appointment").execute();

  it("links to the form, books the visit it posts, and goes back to the calendar with the message", async () => {
    await server().db.deleteFrom("bookings").execute();
    await server().db.deleteFrom("staff").execute();
    const { cookie } = await server().signIn("editor");
    const date = openDayFromToday(30);
    const calendar = await (await server().fetch(`/admin/bookings?view=day&date=${date}`, { cookie })).text();
    const href = attribute(calendar, /<a(?=[^>]*>(?:<[^>]+>)*New booking)/, "href");
    expect(href).toBe(`/admin/bookings?view=day&date=${date}&new=1`);

    const page = await (await server().fetch(href, { cookie })).text();
    const action = attribute(page, /<form(?=[^>]*data-testid="new-booking-page-form")/, "action");
    expect(action).toContain("new=1");
    for (const label of ["Service", "Option", "Date", "Time", "First name", "Last name", "Phone"])
      expect(page).toMatch(new RegExp(`<label[^>]*>${label}<`));
    expect(page).toContain("Add another service");

    // "Add another service" sends the form back by GET: a second service's row, the values kept.
    const more = await (await server().fetch(`${href}&service=nails&firstName=Ada&more=1`, { cookie })).text();
    expect(more).toMatch(/<select[^>]*name="also"/);
    expect(more).toMatch(/<option value="nails" selected="">/);
    expect(more).toContain('value="Ada"');

    const booked = await server().fetch(action, {
      method: "POST",
      cookie,
      body: new URLSearchParams([
        ["intent", "create"],
        ["from", "page"],
        ["new", "1"],
        ["service", "hair"],
        ["option", "Women's Haircut & Style"],
        ["also", "nails:Gel Manicure"],
        ["alsoStaff", "any"],
        ["date", date],
        ["time", "10:00"],
        ["firstName", "Ada"],
        ["lastName", "Phone"],
        ["phone", "(713) 555-0100"],
        ["email", ""],
        ["notes", ""],
      ]),
    });
    expect(booked.status).toBe(302);
    expect(booked.headers.get("location")).toBe(`/admin/bookings?view=day&date=${date}`);
    const [visit] = await rows();
    expect(visit).toMatchObject({ status: "confirmed", source: "staff", first_name: "Ada" });
    expect(bookingParts(visit).map((p) => p.option)).toEqual(["Women's Haircut & Style", "Gel Manicure"]);

    const flash = /salon_flash=[^;]+/.exec(booked.headers.get("set-cookie") ?? "")?.[0];
    const after = await (
      await server().fetch(booked.headers.get("location")!, { cookie: `${cookie}; ${flash}` })
    ).text();
    expect(after).toContain(STAFF_MESSAGES.created);
    expect(after).toContain("Ada Phone");
  });

  it("shows a refused post again with the values typed and what to fix", async () => {
    await server().db.deleteFrom("bookings").execute();
    const { cookie } = await server().signIn("editor");
    const date = openDayFromToday(30);
    const post = (fields: [string, string][]) =>
      server().fetch(`/admin/bookings?view=day&date=${date}&new=1`, {
        method: "POST",
        cookie,
        body: new URLSearchParams([["intent", "create"], ["from", "page"], ["new", "1"], ...fields]),
      });
    const visit: [string, string][] = [
      ["service", "nails"],
      ["option", "Gel Manicure"],
      ["date", date],
      ["time", "11:00"],
      ["lastName", "Phone"],
      ["phone", "(713) 555-0100"],
      ["notes", "Prefers the window seat"],
    ];

    const missing = await post(visit);
    expect(missing.status).toBe(400);
    const page = unescape(await missing.text());
    expect(page).toMatch(/<option value="nails" selected="">/);
    expect(page).toMatch(/<option value="Gel Manicure" selected="">/);
    expect(page).toContain('value="11:00"');
    expect(page).toContain('value="(713) 555-0100"');
    expect(page).toContain("Prefers the window seat");
    expect(page).toMatch(/id="[^"]*firstName[^"]*-error"[^>]*>[^<]+</);
    expect(await rows()).toHaveLength(0);

    expect((await post([...visit, ["firstName", "Ada"]])).status).toBe(302);
    const taken = await post([...visit, ["firstName", "Bo"]]);
    expect(taken.status).toBe(409);
    const again = unescape(await taken.text());
    expect(again).toMatch(/role="alert"[^>]*>[^<]*/);
    expect(again).toContain(STAFF_MESSAGES.taken);
    expect(again).toContain('value="Bo"');
    expect(await rows()).toHaveLength(1);
  });
});
