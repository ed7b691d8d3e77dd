import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, useTheme } from "./support/a11y";
import { waitForHydration } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { shortSuiteApplication } from "../support/fixtures";

/**
 * The applicant pipeline in the browser: an admin finds a new applicant on the board, moves them on
 * and e-mails them from their page (light theme, 1280 px). Stage rules, roles, refusals and what is
 * stored are checked over HTTP (tests/integration/http/admin-submissions.test.ts) and on the
 * database (tests/integration/applicants.test.ts).
 */

test("an admin moves an applicant to tour booked and e-mails them; both stay on the page (light)", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const tag = randomBytes(4).toString("hex");
  const email = `applicant-${tag}@example.com`;
  const fields = { ...shortSuiteApplication(email, "Daily Rentals"), fullName: `Robin Vale${tag}` };
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  const sent = await request.post(`${baseURL}/api/forms/suite-application`, {
    headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
    data: body.toString(),
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await useTheme(context, baseURL!, "light");
  await signIn(context, baseURL!, "admin");
  await page.goto(`/admin/applicants?stage=new&q=${tag}`);
  await page.getByRole("link", { name: `Robin Vale${tag}` }).click();
  await expect(page.getByRole("heading", { name: `Robin Vale${tag}`, exact: true })).toBeVisible();
  await waitForHydration(page, 'form[aria-label="E-mail the applicant"]');
  await expect(page.getByTestId("applicant-stage")).toHaveText("New");

  await page.getByRole("form", { name: "Move to another stage" }).getByRole("button", { name: "Tour booked" }).click();
  await expect(page.getByTestId("applicant-stage")).toHaveText("Tour booked");

  const mail = page.getByRole("form", { name: "E-mail the applicant" });
  await mail.getByLabel("Subject").fill(`Your tour ${tag}`);
  await mail.getByLabel("Message").fill("See you on Tuesday at 10.");
  await mail.getByRole("button", { name: "Send e-mail" }).click();
  await expect(page.getByText(`E-mail to ${email} is on its way.`)).toBeVisible();
  // The form starts empty again; the e-mail and the move are in the history, newest first.
  await expect(mail.getByLabel("Message")).toHaveValue("");
  const history = page.getByTestId("applicant-event");
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText(`E-mail: Your tour ${tag}`);
  await expect(history.nth(1)).toContainText("Moved from New to Tour booked");
  await expectNoAxeViolations(page);
});
