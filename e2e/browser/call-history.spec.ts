import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("a manager filters the call history by agent and by a number typed as people write it", async ({ page }) => {
  await signIn(page, "sales.manager@acme.example.com");
  const session = await page.request.get("/api/auth/session").then((r) => r.json());
  const headers = { Authorization: `Bearer ${session.apiToken}` };
  const logs = (await (await page.request.get("/api/voice/call-logs?per_page=100", { headers })).json()).data as { phone_number: string; user_id: number | null; user_name: string | null }[];
  const us = logs.find((l) => l.phone_number.startsWith("+1") && l.user_name)!;
  const national = us.phone_number.slice(2); // "2125550123": read in the organization's country (US)

  await page.goto("/calls");
  const table = page.getByRole("table", { name: "Calls" });
  await page.getByLabel("Number").fill(national);
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const rows = await table.getByRole("row").allTextContents();
  expect(rows.slice(1).length).toBeGreaterThan(0);
  for (const text of rows.slice(1)) expect(text.replace(/\D/g, "")).toContain(national);

  await page.getByLabel("Number").fill("");
  await page.getByLabel("Agent").selectOption({ label: us.user_name! });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  for (const text of (await table.getByRole("row").allTextContents()).slice(1)) expect(text).toContain(us.user_name!);
});

test("recorded calls play in the call history: the demo's, and a simulated call the organization records", async ({ page }) => {
  await signIn(page, "agent2@acme.example.com");
  // A call placed and answered on the simulated phone is recorded (the demo organization records calls).
  await page.getByRole("link", { name: "Dialer" }).click();
  await page.getByLabel("Number", { exact: true }).pressSequentially("4155550144");
  await page.getByRole("button", { name: "Call" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");
  await dock.getByLabel("Call notes").fill("Recorded on the simulator");
  await page.waitForTimeout(1100);
  await dock.getByRole("button", { name: "Hang up" }).click();
  await dock.getByRole("button", { name: "Save notes and close" }).click();
  await expect(dock).toHaveCount(0);

  await page.goto("/calls");
  const row = page.getByRole("row").filter({ hasText: "Recorded on the simulator" });
  const player = row.getByLabel("Recording");
  await expect(player).toBeVisible();
  const source = (await player.getAttribute("src"))!;
  // This service's address: it checks who asks and logs the play; the provider's never reaches the page.
  expect(source).toMatch(/^\/api\/calls\/CA[0-9a-zA-Z]{32}\/recording$/);
  const audio = await page.request.get(source);
  expect(audio.status()).toBe(200);
  expect(audio.headers()["content-type"]).toBe("audio/wav");
  expect((await audio.body()).subarray(0, 4).toString()).toBe("RIFF");
  // The demo data's answered calls have recordings too.
  await expect(page.getByLabel("Recording").nth(1)).toBeVisible();
  await snap(page, "call-history-recordings");
});
