import { expect, type ConsoleMessage, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { signIn } from "./helpers";

// Issue 45, point 10: every page each role has, at 1440x900 and on a 390x844
// phone, kept as screenshots (test-results/screens/tour-*.png), each ready
// with its heading and without a console error.

const TOUR: { email: string; role: string; pages: string[] }[] = [
  { email: "agent1@acme.example.com", role: "agent", pages: ["/queue", "/follow-ups", "/messages", "/dialer", "/calls", "/reports", "/reports/dispositions"] },
  { email: "sales.manager@acme.example.com", role: "manager", pages: ["/contacts", "/campaigns", "/reports", "/reports/live", "/reports/dispositions", "/messages", "/follow-ups", "/calls"] },
  {
    email: "admin@acme.example.com",
    role: "admin",
    pages: ["/contacts", "/contacts/import", "/campaigns", "/reports", "/reports/live", "/users", "/settings", "/settings?tab=routing", "/settings?tab=telephony", "/calls"],
  },
];

const SIZES = [
  { name: "1440x900", viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: "390x844", viewport: { width: 390, height: 844 }, isMobile: true },
];

for (const size of SIZES) {
  for (const { email, role, pages } of TOUR) {
    test(`the ${role}'s pages at ${size.name}: each ready, kept as a screenshot, no console error`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.isMobile });
      const page = await context.newPage();
      const errors: string[] = [];
      const listen = (p: Page) => p.on("console", (m: ConsoleMessage) => void (m.type() === "error" && errors.push(`${p.url()}: ${m.text()}`)));
      listen(page);
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
      try {
        await signIn(page, email);
        for (const path of pages) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await page.waitForLoadState("networkidle");
          await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
          const name = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
          await page.screenshot({ path: `test-results/screens/tour-${role}-${name}-${size.name}.png`, fullPage: true });
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
