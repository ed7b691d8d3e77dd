import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { gotoHydrated } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Admin › Suites in the browser: a unit's lease refused and then saved from the keyboard, with axe
 * on the unit page. What the server accepts and refuses (editors, every field's rule) is checked in
 * app/lib/suites/forms.test.ts and tests/integration/http/admin-staff.test.ts.
 */

const UNIT = "Suite 6";

test.afterEach(async () => {
  // The seed's free unit is free again for the /suites tests.
  await e2eDb()
    .updateTable("suite_units")
    .set({ lessee_name: "", lessee_email: "", lease_start: null, lease_end: null, rent_cents: null })
    .where("name", "=", UNIT)
    .execute();
});

test("an admin leases a free unit: a lease ending before it starts is explained at the field, then it saves", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, baseURL!, "admin");
  await gotoHydrated(page, "/admin/suites");
  await page.getByRole("link", { name: `Edit ${UNIT}` }).click();
  await expect(page.getByRole("heading", { name: UNIT, level: 2 })).toBeVisible();
  await page.locator("[data-hydrated]").first().waitFor();
  await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });

  const form = page.getByRole("form", { name: "Unit" });
  await form.getByLabel("Lessee").fill("Rosa Diaz");
  await form.getByLabel("E-mail").fill("rosa@example.com");
  await form.getByLabel("First day").fill("2026-12-01");
  await form.getByLabel("Last day").fill("2026-11-01");
  await form.getByLabel("Rent, in dollars").fill("290");
  await form.getByLabel("Rent, in dollars").press("Enter");

  await expect(page.getByRole("alert")).toContainText("Check the highlighted fields.");
  const lastDay = form.getByLabel("Last day");
  await expect(lastDay).toBeFocused();
  await expect(lastDay).toHaveAccessibleDescription("The lease must end on or after its first day");
  await expect(form.getByLabel("Lessee")).toHaveValue("Rosa Diaz");

  await lastDay.fill("2027-11-30");
  await lastDay.press("Enter");
  await expect(page).toHaveURL(/\/admin\/suites$/);
  await expect(page.getByText(`${UNIT} saved`)).toBeVisible();
  await expect(page.getByTestId("suite-units").getByRole("listitem").filter({ hasText: UNIT })).toContainText(
    "Rosa Diaz",
  );
});
