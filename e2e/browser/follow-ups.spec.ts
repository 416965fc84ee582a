import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

// Issue 45, point 5: voicemails, missed callers and callbacks are a place of
// their own, in the sidebar of everyone who serves a queue (managers too):
// when each came, whom it was for, Call back through the softphone, and a
// claim that everyone sees at once.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

async function adminHeaders(page: Page) {
  const token = (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
  return { Authorization: `Bearer ${token}` };
}

test("a manager and an agent find voicemails and missed callers under Follow-ups; the agent's Call back claims the voicemail for both and dials it", async ({ page, browser }) => {
  const headers = await adminHeaders(page);
  const departments = (await page.request.get("/api/departments?per_page=100", { headers }).then((r) => r.json())).data as { id: number; name: string }[];
  const sales = departments.find((d) => d.name === "Sales")!.id;
  const voicemailFrom = uniquePhone();
  const missedFrom = uniquePhone();
  try {
    const saved = await page.request.put("/api/settings/routing", {
      headers,
      data: {
        plans: [
          {
            name: "Main line",
            menu: {
              greeting: "Hello.",
              default_digit: "1",
              options: [
                { digit: "1", label: "Sales", target: { type: "queue", department_id: sales } },
                { digit: "3", label: "a message", target: { type: "voicemail", department_id: sales } },
              ],
            },
          },
        ],
      },
    });
    expect(saved.status()).toBe(200);
    expect(await page.request.post("/api/dev/simulator", { headers, data: { action: "inbound", from: voicemailFrom, digits: "3" } }).then((r) => r.json())).toMatchObject({ routed: "voicemail" });
    const missed = await page.request.post("/api/dev/simulator", { headers, data: { action: "inbound", from: missedFrom, digits: "1" } }).then((r) => r.json());
    expect((await page.request.post("/api/dev/simulator", { headers, data: { action: "caller_hangup", call_sid: missed.call_sid } })).status()).toBe(200);

    // The manager: Follow-ups in the sidebar, both items with when and for whom.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await signIn(manager, "sales.manager@acme.example.com");
    await manager.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Follow-ups" }).click();
    await expect(manager).toHaveURL(/\/follow-ups/);
    const seenByManager = manager.getByTestId("voicemail").filter({ hasText: voicemailFrom.slice(-4) });
    await expect(seenByManager).toContainText("for Sales's queue");
    await expect(seenByManager.locator("time")).toHaveText(/\d/);
    await expect(manager.getByTestId("follow-up").filter({ hasText: missedFrom.slice(-4) })).toContainText("hung up after");
    await snap(manager, "follow-ups-manager");

    // The agent calls the voicemail back: it is claimed (the manager sees it at once) and the softphone dials.
    await signIn(page, "agent1@acme.example.com");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Follow-ups" }).click();
    const item = page.getByTestId("voicemail").filter({ hasText: voicemailFrom.slice(-4) });
    await item.getByRole("button", { name: /^Call back/ }).click();
    const dock = page.getByRole("complementary", { name: "Current call" });
    await expect(dock).toContainText("On call");
    await expect(item).toContainText("claimed by you");
    await expect(seenByManager).toContainText("claimed by Andy Agent");
    await snap(page, "follow-ups-call-back");
    await page.waitForTimeout(1100);
    await dock.getByRole("button", { name: "Hang up" }).click();
    await dock.getByRole("button", { name: /Save notes/ }).click();
    await expect(dock).toHaveCount(0);
    await item.getByRole("button", { name: "Mark done" }).click();
    await expect(seenByManager).toHaveCount(0);
    await managerContext.close();
  } finally {
    await page.request.put("/api/settings/routing", { headers, data: { plans: [] } });
    await page.request.post("/api/agent/status", {
      headers: { Authorization: `Bearer ${(await page.request.post("/api/login", { data: { email: "agent1@acme.example.com", password: "password" } }).then((r) => r.json())).token}` },
      data: { status: "offline" },
    });
  }
});
