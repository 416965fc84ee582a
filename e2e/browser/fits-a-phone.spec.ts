import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn } from "./helpers";

// Issue 61, point 7: at 390 px no page scrolls sideways, for any role. Every
// page each role reaches from its menu (and the pages and tabs behind them)
// is measured: the document no wider than the screen. Anything wide (a
// table) scrolls inside its own box.

test.use({ viewport: { width: 390, height: 844 } });
test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

const SETTINGS_TABS = ["organization", "import", "duplicates", "retention", "telephony", "routing", "dispositions", "custom-fields", "integrations", "security"];
const MANAGER = [
  "/contacts",
  "/contacts/new",
  "/contacts/import",
  "/contacts/duplicates",
  "/contacts/tags",
  "/campaigns",
  "/campaigns/new",
  "/reports",
  "/reports/live",
  "/reports/dispositions",
  "/messages",
  "/follow-ups",
  "/dialer",
  "/calls",
  "/account",
];
const ROLES = [
  { email: "agent1@acme.example.com", pages: ["/queue", "/follow-ups", "/messages", "/dialer", "/calls", "/reports", "/account"] },
  { email: "sales.manager@acme.example.com", pages: MANAGER },
  { email: "admin@acme.example.com", pages: [...MANAGER, "/users", ...SETTINGS_TABS.map((tab) => `/settings?tab=${tab}`)] },
  { email: "super@example.com", pages: ["/users", "/settings", "/contacts", "/reports/live"] },
];

/** How wide the page is, and the widest things in it that reach past the screen (to say where to look). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const screen = window.innerWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > screen + 0.5)
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""} ` +
          `(${Math.round(element.getBoundingClientRect().right)} px)`,
      );
    return { width: document.documentElement.scrollWidth, screen, wide };
  });
}

for (const { email, pages } of ROLES) {
  test(`every page of ${email.split("@")[0]} fits a 390 px screen`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, email);
    const wider: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const { width, screen, wide } = await overflow(page);
      if (width > screen) wider.push(`${path}: ${width} px (${wide.join(", ")})`);
      // A contact's page and a campaign's, through the list's first link.
      if (path === "/contacts" || path === "/campaigns") {
        const first = page.locator("main table a[href]").first();
        if ((await first.count()) === 0) continue;
        await first.click();
        await expect(page).toHaveURL(/\/(contacts|campaigns)\/\d+$/);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.waitForLoadState("networkidle");
        const detail = await overflow(page);
        if (detail.width > detail.screen) wider.push(`${page.url()}: ${detail.width} px (${detail.wide.join(", ")})`);
      }
    }
    expect(wider).toEqual([]);
  });
}
