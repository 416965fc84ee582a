import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, snap } from "./helpers";

// Issue 23: a waiting caller takes the callback offer and leaves the line;
// Support's agent sees them marked "Callback" in their place and calls them
// back with one click from the softphone. A caller who hung up waits in
// "Missed callers" until an agent calls back. The demo organization is shared
// by every browser test: its routing is put back to "no plan" however this ends.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

async function adminToken(page: Page): Promise<string> {
  return (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
}

test("a caller asks to be called back and keeps their place; the agent calls them back, and calls back a missed caller, from the queue view", async ({ page }) => {
  const token = await adminToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const simulate = async (data: object) => {
    const response = await page.request.post("/api/dev/simulator", { headers, data });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
  const departments = (await page.request.get("/api/departments", { headers }).then((r) => r.json())).data as { id: number; name: string }[];
  const support = departments.find((d) => d.name === "Support")!;
  try {
    const saved = await page.request.put("/api/settings/routing", {
      headers,
      data: { plans: [{ name: "Support line", callback_offer: { after_seconds: 0, digit: "1" }, queue: { type: "queue", department_id: support.id } }] },
    });
    expect(saved.status()).toBe(200);
    const caller = await simulate({ action: "inbound", from: "+14155550878" });
    const asked = await simulate({ action: "caller_callback", call_sid: caller.call_sid });
    expect(asked.heard).toContain("call you back");
    const missed = await simulate({ action: "inbound", from: "+14155550879" });
    await simulate({ action: "caller_hangup", call_sid: missed.call_sid });

    await signIn(page, "agent3@acme.example.com");
    await becomeAvailable(page);
    const waiting = page.getByTestId("waiting-call").filter({ hasText: "415 555 0878" });
    await expect(waiting).toContainText("Callback");
    await expect(waiting).toContainText("asked to be called back");
    const missedRow = page.getByTestId("follow-up").filter({ hasText: "415 555 0879" });
    await expect(missedRow).toContainText("hung up after");
    await snap(page, "callback-in-queue");

    // One click: the softphone dials the caller (the simulated callee picks up), and the call is theirs.
    await waiting.getByRole("button", { name: /Call back/ }).click();
    const dock = page.getByRole("complementary", { name: "Current call" });
    await expect(dock).toContainText("415 555 0878");
    await expect(dock).toContainText("On call");
    await expect(page.getByRole("button", { name: "Busy" })).toHaveAttribute("aria-pressed", "true");
    await page.waitForTimeout(1100);
    await dock.getByRole("button", { name: "Hang up" }).click();
    await dock.getByRole("button", { name: "Save notes and close" }).click();
    await expect(dock).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("waiting-call").filter({ hasText: "415 555 0878" })).toHaveCount(0);

    // The missed caller, called back from the list: it leaves the list and the softphone dials.
    await missedRow.getByRole("button", { name: /Call back/ }).click();
    await expect(dock).toContainText("415 555 0879");
    await expect(dock).toContainText("On call");
    await expect(page.getByTestId("follow-up").filter({ hasText: "415 555 0879" })).toHaveCount(0);
    await page.waitForTimeout(1100);
    await dock.getByRole("button", { name: "Hang up" }).click();
    await dock.getByRole("button", { name: "Save notes and close" }).click();
    await expect(dock).toHaveCount(0);
    await page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();

    // The callback's log names the caller's first call.
    const logs = (await page.request.get("/api/voice/call-logs?per_page=20", { headers }).then((r) => r.json())).data as { phone_number: string; parent_call_sid: string | null; direction: string }[];
    expect(logs.find((l) => l.phone_number === "+14155550878" && l.direction === "outbound-manual")).toMatchObject({ parent_call_sid: caller.call_sid });
  } finally {
    await page.request.put("/api/settings/routing", { headers, data: { plans: [] } });
  }
});

test("an admin adds a Sales agent to the Support queue in Settings → Routing, and takes them off again", async ({ page }) => {
  const token = await adminToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const departments = (await page.request.get("/api/departments", { headers }).then((r) => r.json())).data as { id: number; name: string }[];
  const support = departments.find((d) => d.name === "Support")!;
  try {
    await signIn(page, "admin@acme.example.com");
    await page.goto("/settings?tab=routing");
    const queues = page.getByRole("region", { name: "Queues and who serves them" });
    const supportRow = queues.getByRole("row", { name: "Support queue" });
    const servedBy = supportRow.getByRole("cell").nth(1);
    await expect(servedBy).toContainText("Cal Agent");
    await supportRow.getByLabel("Add a member to the Support queue").selectOption({ label: "Andy Agent" });
    await expect(servedBy).toContainText("Andy Agent (member)");
    await snap(page, "queue-members");
    await supportRow.getByRole("button", { name: "Remove Andy Agent from the Support queue" }).click();
    await expect(servedBy).not.toContainText("Andy Agent");
  } finally {
    await page.request.put(`/api/settings/routing/queues/${support.id}`, { headers, data: { member_ids: [] } });
  }
});
