import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { formatDateTime } from "~/lib/dates";
import { waitForHydration } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Dates are written on the server and again by React in the browser; in a browser whose zone is
 * not the salon's, the two must still agree (else React reports a hydration error). The salon's
 * zone is the default, America/Chicago; this browser lives in Auckland.
 */
test.describe("the admin in a browser far from the salon", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("dashboard, search, settings, inbox and a submission show the salon's dates without any console or page error", async ({
    page,
    context,
    baseURL,
  }) => {
    const tag = randomBytes(4).toString("hex");
    const createdAt = new Date().toISOString();
    const { id } = await e2eDb()
      .insertInto("form_submissions")
      .values({
        form_type: "Contact",
        status: "new",
        name: `Far Away ${tag}`,
        email: `far-${tag}@example.com`,
        message: "Hello from the other side of the world",
        created_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${page.url()} console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`${page.url()} page error: ${error.message}`));

    await signIn(context, baseURL!, "admin");
    const salonDate = formatDateTime(createdAt, "America/Chicago");
    for (const [path, shows] of [
      ["/admin/dashboard", /Good (morning|afternoon|evening)/],
      [`/admin/search?q=${tag}`, salonDate],
      ["/admin/settings", "Last active"],
      ["/admin/submissions", salonDate],
      [`/admin/submissions/${id}`, salonDate],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByText(shows).first(), path).toBeVisible();
    }
    expect(problems).toEqual([]);
  });
});
