import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { CHECKLIST_META } from "~/server/dashboard/checklist.server";
import { expectNoAxeViolationsAtBothWidths, useTheme } from "./support/a11y";
import { waitForHydration } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Replying from a submission's page with JavaScript (at 390 px, dark), and the dashboard's
 * first-run checklist (at 1280 px, light). What the server answers without JavaScript (field
 * errors, the redirect, the role rules) is checked over HTTP in
 * tests/integration/http/admin-submissions.test.ts and admin-demo-notice.test.ts; what the reply
 * mail holds and what the checklist reads, in tests/integration/submission-replies.test.ts.
 */

const tag = randomBytes(4).toString("hex");
const shots = process.env.SCREENSHOT_DIR;

test("@mobile a reply written on a submission's page shows in its thread, answered; axe at 390 and 1280 px in both themes", async ({
  page,
  context,
  baseURL,
}) => {
  const { id } = await e2eDb()
    .insertInto("form_submissions")
    .values({
      form_type: "Contact",
      name: `Rosa Reply${tag}`,
      email: `rosa-${tag}@example.com`,
      phone: "(713) 555-0150",
      message: "Do you do bridal trials on weekdays?",
      status: "new",
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await signIn(context, baseURL!, "editor");
  await useTheme(context, baseURL!, "dark");
  await page.goto(`/admin/submissions/${id}`);
  await waitForHydration(page, 'textarea[name="body"]');

  await page.getByRole("link", { name: "Reply", exact: true }).click();
  const reply = page.getByRole("textbox", { name: "Your reply" });
  await expect(reply).toBeInViewport();
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Write your reply first.")).toBeVisible();
  await expect(reply).toHaveAttribute("aria-invalid", "true");
  await expect(reply).toBeFocused();

  await reply.fill("Yes: Tuesday to Friday.\nCall us to pick a time.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Your reply is on its way." })).toBeVisible();
  const thread = page.getByTestId("reply-thread");
  await expect(thread).toContainText("Yes: Tuesday to Friday.\nCall us to pick a time.");
  await expect(page.getByTestId("detail-status")).toHaveText("Answered");
  await expect(page.getByRole("textbox", { name: "Write another reply" })).toHaveValue("");
  if (shots) await page.screenshot({ path: `${shots}/reply-390-dark.png`, fullPage: true });
  await expectNoAxeViolationsAtBothWidths(page);
});

test("the dashboard's first-run checklist links each item and ticks the prices once checked; axe at 1280 and 390 px in both themes", async ({
  page,
  context,
  baseURL,
}) => {
  await e2eDb().deleteFrom("app_meta").where("key", "in", Object.values(CHECKLIST_META)).execute();
  await signIn(context, baseURL!, "admin");
  await useTheme(context, baseURL!, "light");
  await page.goto("/admin/dashboard");
  await waitForHydration(page, '[data-testid="checklist-prices"] form');

  const checklist = page.getByRole("region", { name: "Before you launch" });
  await expect(checklist.getByRole("link", { name: "Edit the contact page" })).toHaveAttribute(
    "href",
    "/admin/edit/contact",
  );
  const prices = checklist.getByTestId("checklist-prices");
  await expect(prices).toHaveAttribute("data-done", "false");
  await prices.getByRole("button", { name: "Mark as checked" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Prices marked as checked." })).toBeVisible();
  await expect(prices).toHaveAttribute("data-done", "true");
  await expect(prices).toContainText("You marked them checked.");
  if (shots) await page.screenshot({ path: `${shots}/checklist-1280-light.png`, fullPage: true });
  await expectNoAxeViolationsAtBothWidths(page);
});
