import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";

/**
 * The admin's own 404 screen, seen by staff. That every admin path refuses anyone who is not staff
 * is checked over HTTP (tests/integration/http/admin-guard.test.ts).
 */
test("an unknown admin path shows a 404 inside the admin layout", async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!);
  const response = await page.goto("/admin/no-such-screen");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
