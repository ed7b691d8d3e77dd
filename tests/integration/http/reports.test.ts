/**
 * /admin/reports and its CSV over HTTP: admins only (editors are refused and do not see it in the
 * sidebar; visitors are sent to sign in); the server-rendered page draws each chart as an SVG image
 * with a title beside a table of its numbers; a wrong range is refused with a plain error and the
 * dates asked; the CSV carries every report's figures. The dashboard says how old each waiting
 * request is and sets this week against last.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { addLocalDays } from "~/lib/booking/availability";
import { formatDateTime, localDate } from "~/lib/dates";
import { mondayOf } from "~/lib/reports/range";
import { RANGE_ERRORS } from "~/lib/reports/range";
import { salonTime } from "../../support/dates";
import { insertBookingRow } from "../../support/booking-rows";
import { find, findAll, links, text } from "../../support/html-fragments";
import { contactSubmissionRow } from "../../support/submission-rows";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

/** Two weeks of 2025; Chicago's clocks went back on Sunday 2025-11-02. */
const RANGE = "from=2025-10-27&to=2025-11-09";
/** A table's rows, each as its cells' texts joined by " | ". */
const rows = (html: string) =>
  findAll(html, "tr").map((row) => (row.inner.match(/<t[hd]\b[\s\S]*?<\/t[hd]>/g) ?? []).map(text).join(" | "));

describe(`reports over HTTP (${testDialect})`, () => {
  const server = useTestServer();
  const db = () => server().db;

  beforeEach(async () => {
    await db().deleteFrom("bookings").execute();
    await db().deleteFrom("form_submissions").execute();
    // Tuesday Oct 28 online, $65; Tuesday Nov 4 by phone, a no-show; a walk-in on Nov 5 of two services.
    await insertBookingRow(db(), { starts_at: "2025-10-28T15:00:00.000Z", source: "online" });
    await insertBookingRow(db(), { starts_at: "2025-11-04T16:00:00.000Z", source: "staff", outcome: "no_show" });
    await insertBookingRow(db(), {
      starts_at: "2025-11-05T16:00:00.000Z",
      source: "walk_in" as "staff",
      service: "nails",
      price: "$150 + $45",
    });
    await db()
      .insertInto("form_submissions")
      .values([
        contactSubmissionRow({ form_type: "Suite Application", created_at: "2025-11-06T18:00:00.000Z" }),
        contactSubmissionRow({ created_at: "2025-10-29T18:00:00.000Z" }),
        contactSubmissionRow({ created_at: "2025-10-29T19:00:00.000Z", status: "spam" }),
      ])
      .execute();
  });

  it("editors are refused the page and the CSV and do not see it in the sidebar; visitors are sent to sign in", async () => {
    const { cookie } = await server().signIn("editor");
    const page = await server().fetch(`/admin/reports?${RANGE}`, { cookie });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(text(find(html, "div", { "data-testid": "reports-refusal" }))).toContain("Only an admin can see reports");
    expect(links(find(html, "nav", { "aria-label": "Admin" })).map((a) => text(a))).not.toContain("Reports");
    expect((await server().fetch(`/admin/export/reports.csv?${RANGE}`, { cookie })).status).toBe(403);
    const visitor = await server().fetch("/admin/reports");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Freports");
  });

  it("an admin sees the range's figures, each chart an SVG image with a title beside a table of its numbers", async () => {
    const response = await server().fetch(`/admin/reports?${RANGE}`, { as: "admin" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(links(find(html, "nav", { "aria-label": "Admin" })).map((a) => text(a))).toContain("Reports");
    expect(text(find(html, "p", { "data-testid": "report-range" }))).toBe(
      "Oct 27, 2025 to Nov 9, 2025, in weeks from Monday to Sunday",
    );
    expect(text(find(html, "div", { "data-testid": "headline-bookings" }))).toContain("3");
    expect(text(find(html, "div", { "data-testid": "headline-revenue" }))).toContain("$260");
    expect(text(find(html, "div", { "data-testid": "headline-no-shows" }))).toContain("33%");
    expect(text(find(html, "div", { "data-testid": "headline-no-shows" }))).toContain("1 of 3 appointments");

    const weekly = find(html, "section", { "data-testid": "bookings-per-week" });
    const chart = find(weekly.outer, "svg", { role: "img" });
    expect(text(find(chart.outer, "title"))).toBe("Bookings per week by channel, Oct 27 to Nov 9");
    expect(rows(weekly.outer)).toEqual([
      "Week of | Online | Phone | Walk-in | All",
      "Oct 27 | 1 | 0 | 0 | 1",
      "Nov 3 | 0 | 1 | 1 | 2",
    ]);
    const services = find(html, "section", { "data-testid": "top-services" });
    expect(findAll(services.outer, "svg", { role: "img" })).toHaveLength(1);
    expect(rows(services.outer)).toEqual(["Service | Visits | Revenue estimate", "Nails | 1 | $195", "Hair | 1 | $65"]);
    expect(rows(find(html, "section", { "data-testid": "enquiries" }).outer)).toContain("Contact messages | 1");
    expect(rows(find(html, "section", { "data-testid": "suite-applications" }).outer)).toEqual([
      "Week of | Applications",
      "Oct 27 | 0",
      "Nov 3 | 1",
    ]);
  });

  it.each([
    ["from=2025-11-09&to=2025-10-27", RANGE_ERRORS.reversed],
    ["from=2025-11-09", RANGE_ERRORS.missing],
    ["from=2024-01-01&to=2025-06-01", RANGE_ERRORS.tooLong],
    ["from=yesterday&to=2025-06-01", RANGE_ERRORS.invalid],
  ])("a wrong range (%s) is refused with a plain error and the dates asked", async (query, error) => {
    const response = await server().fetch(`/admin/reports?${query}`, { as: "admin" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(text(html)).toContain(error);
    const from = new URLSearchParams(query).get("from");
    expect(find(html, "input", { name: "from" }).outer).toContain(`value="${from}"`);
    const csv = await server().fetch(`/admin/export/reports.csv?${query}`, { as: "admin" });
    expect(csv.status).toBe(400);
    expect(await csv.text()).toBe(`${error}\n`);
  });

  it("the CSV holds every report's figures over the range", async () => {
    const response = await server().fetch(`/admin/export/reports.csv?${RANGE}`, { as: "admin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="reports-2025-10-27-to-2025-11-09.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte-order mark first, so a spreadsheet reads the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe("Report,From,To,Item,Value");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Bookings per week,2025-10-27,2025-11-02,Online,1",
        "Bookings per week,2025-11-03,2025-11-09,Walk-in,1",
        "Bookings per week,2025-11-03,2025-11-09,All channels,2",
        "No-shows,2025-10-27,2025-11-09,No-show rate,0.3333333333333333",
        "Revenue estimate,2025-10-27,2025-11-09,Estimate (USD),260",
        "Top services,2025-10-27,2025-11-09,Nails: revenue estimate (USD),195",
        "Enquiries per form,2025-10-27,2025-11-09,Contact messages,1",
        "Suite applications per week,2025-11-03,2025-11-09,Suite applications,1",
      ]),
    );
  });

  it("the dashboard says how old each waiting request is, and sets this week against last in words", async () => {
    const zone = "America/Chicago";
    const now = Date.now();
    const lastMonday = addLocalDays(mondayOf(localDate(now, zone)), -7);
    // Last Tuesday, noon: a completed $65 visit; a request made 2 hours 5 minutes ago, for ten days ahead.
    await insertBookingRow(db(), {
      starts_at: new Date(salonTime(addLocalDays(lastMonday, 1), "12:00")).toISOString(),
    });
    const made = new Date(now - 125 * 60_000).toISOString();
    await insertBookingRow(db(), {
      starts_at: new Date(salonTime(addLocalDays(localDate(now, zone), 10), "12:00")).toISOString(),
      status: "requested",
      first_name: "Wendy",
      created_at: made,
    });

    const html = await (await server().fetch("/admin/dashboard", { as: "editor" })).text();
    const age = find(find(html, "ol", { "data-testid": "waiting-requests" }).inner, "span", {
      "data-testid": "request-age",
    });
    expect(text(age)).toBe("Requested 2 h ago");
    expect(find(age.inner, "time").attrs).toMatchObject({ dateTime: made, title: formatDateTime(made, zone) });

    const week = (id: string) => {
      const figure = find(html, "div", { "data-testid": `week-${id}` }).outer;
      return [...findAll(figure, "dt"), ...findAll(figure, "dd")].map(text).join(" | ");
    };
    expect(week("bookings")).toBe("Bookings | 0 | Last week: 1 | 1 fewer than last week");
    expect(week("revenue")).toBe("Revenue estimate | $0 | Last week: $65 | $65 less than last week");
    expect(week("enquiries")).toBe("New enquiries | 0 | Last week: 0 | Same as last week");
    expect(week("no-shows")).toBe("No-shows | 0 | Last week: 0 | Same as last week");
  });

  // Last: the figures it leaves kept differ from what the other tests' rows give.
  it("a change made through the admin shows at once: the kept figures of a range are dropped by it", async () => {
    const { cookie } = await server().signIn("admin");
    const noShows = async () =>
      text(
        find(await (await server().fetch(`/admin/reports?${RANGE}`, { cookie })).text(), "div", {
          "data-testid": "headline-no-shows",
        }),
      );
    expect(await noShows()).toContain("1 of 3 appointments");
    const online = await db()
      .selectFrom("bookings")
      .select("id")
      .where("starts_at", "=", "2025-10-28T15:00:00.000Z")
      .executeTakeFirstOrThrow();
    const marked = await server().fetch("/admin/bookings", {
      method: "POST",
      cookie,
      body: new URLSearchParams({ intent: "no-show", id: String(online.id) }),
    });
    expect(marked.status).toBe(200);
    expect(await noShows()).toContain("2 of 3 appointments");
  });
});
