import { expect, test } from "@playwright/test";
import { finalScreenshot, signIn } from "./helpers";

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
