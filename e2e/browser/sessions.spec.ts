import { expect, type Page } from "@playwright/test";
import { expectConsoleErrors, test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// Issue 46, point 5: a user sees where they are signed in and ends a session
// they do not recognise; an admin ends all of a user's sessions at once.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

async function newAgent(page: Page) {
  const admin = (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
  const headers = { Authorization: `Bearer ${admin}` };
  const sales = (await page.request.get("/api/departments", { headers }).then((r) => r.json())).data.find((d: { name: string }) => d.name === "Sales");
  const email = `sessions.${Date.now()}@acme.example.com`;
  const created = await page.request.post("/api/users", { headers, data: { name: "Sam Sessions", email, password: "password-sessions", role: "agent", department_id: sales.id } });
  expect(created.status(), await created.text()).toBe(201);
  return email;
}

test("an agent ends the session of another browser from Your sessions; an admin ends all of theirs from the Users page", async ({ page, browser }, testInfo) => {
  // The ended browsers' pages meet the 401 that signs them out.
  expectConsoleErrors(testInfo, /status of 401/);
  const email = await newAgent(page);
  const laptop = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext()).newPage();
  try {
    await signIn(laptop, email, "password-sessions");
    await signIn(phone, email, "password-sessions");

    await laptop.getByRole("link", { name: "Your account" }).click();
    await expect(laptop.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    const table = laptop.getByRole("table", { name: "Your sessions" });
    await expect(table.locator("tbody tr")).toHaveCount(2);
    await expect(table.locator("tbody tr").filter({ hasText: "This session" })).toHaveCount(1);
    await expect(table).toContainText("Browser sign-in");
    await snap(laptop, "your-sessions");
    // The other browser's row has the End button; this one's does not.
    await table.getByRole("button", { name: /^End the session on / }).click();
    await expect(laptop.getByRole("region", { name: "Your sessions" }).getByRole("status")).toContainText("was ended");
    await expect(table.locator("tbody tr")).toHaveCount(1);

    // The phone is signed out at once: its live updates close, and the page finds its session gone.
    await expect(phone).toHaveURL(/\/login/, { timeout: 15_000 });

    // The admin ends the rest from the Users page.
    await signIn(page, "admin@acme.example.com");
    await page.goto("/users");
    await page.getByRole("searchbox").fill("Sam Sessions");
    await page.getByRole("button", { name: "Edit Sam Sessions" }).click();
    const sessions = page.getByRole("region", { name: "Sam Sessions's sessions" });
    await expect(sessions.getByRole("table").locator("tbody tr")).toHaveCount(1);
    await sessions.getByRole("button", { name: "End all sessions" }).click();
    await expect(sessions.getByRole("status")).toContainText("one session was ended");
    await expect(laptop).toHaveURL(/\/login/, { timeout: 15_000 });
  } finally {
    await laptop.context().close();
    await phone.context().close();
  }
});
