import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from "./support/a11y";
import { signInAsUser, waitForHydration } from "./support/admin-pages";
import { createUser } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * The owner's view of failed sign-ins in the browser: the dashboard's notice leads to the list in
 * Settings, and both pass axe in each theme (the only scans of these two screens: their notice and
 * list shown). What they say is checked over HTTP in
 * tests/integration/http/sign-in-throttle.test.ts.
 */
test("the dashboard's notice of failed sign-ins leads to the list in Settings; axe finds nothing on either, the dashboard in both themes", async ({
  page,
  context,
  baseURL,
}) => {
  // A user of its own, whose failed sign-ins are only those below.
  const user = await createUser("admin");
  await signInAsUser(context, baseURL!, e2eDb(), user.id);
  const now = Date.now();
  await e2eDb()
    .insertInto("failed_sign_ins")
    .values(
      ["password", "password", "code"].map((step, i) => ({
        user_id: user.id,
        step: step as "password" | "code",
        ip: `203.0.113.${i + 1}`,
        user_agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0",
        created_at: new Date(now - i * 60_000).toISOString(),
      })),
    )
    .execute();

  await page.goto("/admin/dashboard");
  await waitForHydration(page);
  const notice = page.getByRole("region", { name: "Failed sign-in attempts" });
  await expect(notice).toContainText("3 failed sign-in attempts in the last 30 days.");
  await expectNoAxeViolationsInBothThemes(page);

  await notice.getByRole("link", { name: "See them in Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings#sign-in-attempts$/);
  const list = page.getByTestId("failed-sign-ins");
  await expect(list.getByRole("row")).toHaveCount(4);
  await expect(list.getByRole("row").nth(3)).toContainText("203.0.113.3");
  await expect(list.getByRole("row").nth(3)).toContainText("Wrong two-factor code");
  await expect(list).toBeInViewport();
  await expectNoAxeViolations(page);
});
