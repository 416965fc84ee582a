import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { signIn } from "./helpers";

// Issue 45, point 11: a phone paints the page's lists from the HTML, before
// any script has run (the largest paint no longer waits for the scripts and a
// round trip), and what the server drew cannot be clicked before it is live.

test("the Queue, Contacts, a contact and Reports come with their data in the HTML; their controls wait for the page to be live", async ({ browser, page }) => {
  await signIn(page, "sales.manager@acme.example.com");
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const html = await context.newPage();
  try {
    await html.goto("/contacts");
    const rows = html.getByRole("table", { name: "Contacts" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(5);
    const first = html.getByRole("table", { name: "Contacts" }).locator("tbody tr a").first();
    const name = (await first.textContent())!.trim();
    const href = (await first.getAttribute("href"))!;

    await html.goto(href);
    await expect(html.getByRole("heading", { level: 1, name })).toBeVisible();

    await html.goto("/reports");
    await expect(html.locator(".stat strong").first()).toHaveText(/\d/);

    await html.goto("/queue");
    await expect(html.getByRole("region", { name: "Recent calls" })).toBeVisible();
    // Drawn by the server, the agent's state is there at once, its buttons disabled until the page is live.
    await expect(html.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" })).toHaveAttribute("aria-pressed", "true");
    await expect(html.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Available" })).toBeDisabled();
  } finally {
    await context.close();
  }
  // Live, the same page works as ever.
  await page.goto("/queue");
  await expect(page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Available" })).toBeEnabled();
});
