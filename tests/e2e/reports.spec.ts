import { expect, test } from "@playwright/test";
import { addLocalDays } from "~/lib/booking/availability";
import { DEFAULT_TIME_ZONE, localDate } from "~/lib/dates";
import { upsertUser } from "~/server/auth/users.server";
import { bookingRow } from "../support/booking-rows";
import { salonTime } from "../support/dates";
import { expectNoAxeViolations, useTheme } from "./support/a11y";
import { signInAsUser } from "./support/admin-pages";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/**
 * The reports in the browser, on a server of its own (it adds staff, which changes what every
 * booking page offers): twelve weeks of a salon's bookings and submissions, read at 1280 and
 * 390 px, one in each theme, with axe, and the dashboard's week against last on a phone. The figures are
 * checked in tests/integration/reports.test.ts and over HTTP.
 */

let server: PrivateServer;

test.beforeAll(async () => {
  server = await startPrivateServer(async ({ db }) => {
    const at = new Date().toISOString();
    const people = await db
      .insertInto("staff")
      .values(
        ["Maya", "Jordan", "Elena"].map((name) => ({
          name,
          calendar_token: `reports-${name}`,
          services: JSON.stringify(["hair", "nails"]),
          created_at: at,
          updated_at: at,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("booking_resources")
      .values(people.map((p) => ({ key: `staff:${p.id}` })))
      .execute();
    const today = localDate(Date.now(), DEFAULT_TIME_ZONE);
    const rows = [];
    const sources = ["online", "online", "staff", "walk_in", "online"] as const;
    const options = [
      { service: "hair", option_name: "Women's Haircut", price: "$85" },
      { service: "nails", option_name: "Gel Manicure", price: "$45" },
      { service: "hair", option_name: "Balayage", price: "$280+" },
    ];
    for (let day = 1; day <= 84; day++) {
      const date = addLocalDays(today, -day);
      for (let i = 0; i < ((day * 7) % 5) + 2; i++) {
        const person = people[(day + i) % people.length];
        rows.push(
          bookingRow({
            starts_at: new Date(salonTime(date, `${String(10 + i).padStart(2, "0")}:00`)).toISOString(),
            duration_minutes: 60,
            staff_id: person.id,
            resource: `staff:${person.id}`,
            source: sources[(day + i) % sources.length] as "staff",
            outcome: (day + i) % 17 === 0 ? "no_show" : "",
            ...options[(day * 3 + i) % options.length],
          }),
        );
      }
    }
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto("bookings")
        .values(rows.slice(i, i + 200))
        .execute();
    const forms = ["Contact", "Contact", "Suite Application", "Booking", "Newsletter"];
    await db
      .insertInto("form_submissions")
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          form_type: forms[i % forms.length],
          name: "Jane Doe",
          email: "jane@example.com",
          status: "read" as const,
          created_at: new Date(Date.now() - (i + 1) * 2 * 86_400_000).toISOString(),
        })),
      )
      .execute();
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("the reports read at 1280 px in the light theme and 390 px in the dark one, axe clean", async ({
  page,
  context,
}) => {
  const { id } = await upsertUser(server.db, {
    email: "reports-owner@aurelia.test",
    password: "a-long-enough-password",
    role: "admin",
  });
  await signInAsUser(context, server.baseURL, server.db, id);
  // Each width in one theme: the markup is the same at both, and the dark theme is a swap of tokens
  // whose pairs are checked in app/styles/theme-contrast.test.ts.
  for (const [width, theme] of [
    [1280, "light"],
    [390, "dark"],
  ] as const) {
    await useTheme(context, server.baseURL, theme);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.baseURL}/admin/reports`);
    await expect(page.getByRole("heading", { level: 2, name: "Reports" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Bookings per week by channel/ })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    // The charts fit the screen: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
  }
  // The dashboard's week against last, drawn from the same figures, on the phone.
  await page.goto(`${server.baseURL}/admin/dashboard`);
  await expect(page.getByRole("heading", { name: "This week against last" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
