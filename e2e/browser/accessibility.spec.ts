import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn } from "./helpers";

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

/** axe-core on the page as it is: every serious or critical violation, with where it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

const ROLES = [
  { email: "agent1@acme.example.com", pages: ["/queue", "/messages", "/dialer", "/calls", "/reports"] },
  {
    email: "sales.manager@acme.example.com",
    pages: ["/contacts", "/contacts/new", "/contacts/import", "/contacts/duplicates", "/contacts/tags", "/campaigns", "/campaigns/new", "/reports", "/reports/live", "/calls"],
  },
  {
    email: "admin@acme.example.com",
    pages: ["/users", "/settings", "/settings?tab=import", "/settings?tab=duplicates", "/settings?tab=retention", "/settings?tab=telephony", "/settings?tab=custom-fields"],
  },
];

for (const { email, pages } of ROLES) {
  test(`no serious or critical accessibility violation on the pages of ${email.split("@")[0]}`, async ({ page }) => {
    await signIn(page, email);
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    expect(found).toEqual([]);
  });
}

test("no serious or critical accessibility violation on a contact's page and the sign-in page", async ({ page }) => {
  await page.goto("/login");
  expect(await seriousViolations(page)).toEqual([]);
  await signIn(page, "sales.manager@acme.example.com");
  await page.goto("/contacts");
  await page.getByRole("table", { name: "Contacts" }).getByRole("link").first().click();
  await expect(page.getByRole("region", { name: "Contact details" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page)).toEqual([]);
});
