import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, snap, takeInboundCall, uniquePhone } from "./helpers";

// Issue 45, point 1: nothing typed is lost. Call notes and an unsent reply
// are kept on the server as they are typed, and come back after a reload and
// in a second tab; saving the notes (sending the reply) drops the draft.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("call notes typed during a call survive a reload and show in a second tab; saving them drops the draft", async ({ page, context }) => {
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);
  await dock.getByLabel("Call notes").fill("Asks about invoice 4411; promised a credit note");
  await expect(dock.getByTestId("notes-draft")).toHaveText("Draft saved");

  await page.reload();
  const again = page.getByRole("complementary", { name: "Current call" });
  await expect(again.getByLabel("Call notes")).toHaveValue("Asks about invoice 4411; promised a credit note");

  const second = await context.newPage();
  await second.goto("/dialer");
  const there = second.getByRole("complementary", { name: "Current call" });
  await expect(there.getByLabel("Call notes")).toHaveValue("Asks about invoice 4411; promised a credit note");
  await snap(second, "notes-draft-second-tab");
  await second.close();

  await page.waitForTimeout(1100);
  await again.getByRole("button", { name: "Hang up" }).click();
  await expect(again).toContainText("Call ended");
  await again.getByRole("button", { name: "Save notes and become available" }).click();
  await expect(again).toHaveCount(0);
  await page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();
  await page.getByRole("link", { name: "My calls", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: "Asks about invoice 4411" }).first()).toBeVisible();
});

test("an unsent reply survives a reload and shows in a second tab; sending it clears it everywhere", async ({ page, context }) => {
  const token = (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
  const from = uniquePhone();
  expect(
    (await page.request.post("/api/dev/simulator", { headers: { Authorization: `Bearer ${token}` }, data: { action: "sms_inbound", from, body: "Can I change my delivery day?" } })).status(),
  ).toBe(200);
  const conversation = (await page.request.get(`/api/conversations?q=${from.slice(1)}`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json())).data[0];

  await signIn(page, "admin@acme.example.com");
  await page.goto(`/messages?c=${conversation.id}`);
  const reply = page.getByLabel("Reply");
  await reply.fill("Of course: which day suits you");
  await expect(page.getByTestId("reply-draft")).toHaveText("Draft saved");
  await page.reload();
  await expect(page.getByLabel("Reply")).toHaveValue("Of course: which day suits you");

  const second = await context.newPage();
  await second.goto(`/messages?c=${conversation.id}`);
  await expect(second.getByLabel("Reply")).toHaveValue("Of course: which day suits you");
  await second.close();

  await page.getByLabel("Reply").fill("Of course: which day suits you best?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("message").filter({ hasText: "which day suits you best?" })).toBeVisible();
  await expect(page.getByLabel("Reply")).toHaveValue("");
  const third = await context.newPage();
  await third.goto(`/messages?c=${conversation.id}`);
  await expect(third.getByTestId("message").filter({ hasText: "which day suits you best?" })).toBeVisible();
  await expect(third.getByLabel("Reply")).toHaveValue("");
});
