import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

// Issue 45, point 6: a saved reply never sends a blank. The field this
// contact lacks stays in the text as its placeholder, is named above it, and
// Send waits until the agent fills or removes it.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("a saved reply needing a field the contact lacks shows the gap and cannot be sent until it is filled", async ({ page }) => {
  const login = async (email: string) => (await page.request.post("/api/login", { data: { email, password: "password" } }).then((r) => r.json())).token as string;
  const headers = { Authorization: `Bearer ${await login("sales.manager@acme.example.com")}` };
  const phone = uniquePhone();
  const contact = await page.request.post("/api/contacts", { headers, data: { name: "Gina Gap", phone } }).then((r) => r.json());
  const template = await page.request
    .post("/api/message-templates", { headers, data: { name: `Company check ${phone.slice(-4)}`, body: "Hi {{first_name}}, is {{company}} still your employer?" } })
    .then((r) => r.json());
  try {
    const admin = { Authorization: `Bearer ${await login("admin@acme.example.com")}` };
    expect((await page.request.post("/api/dev/simulator", { headers: admin, data: { action: "sms_inbound", from: phone, body: "Hello?" } })).status()).toBe(200);
    await signIn(page, "agent1@acme.example.com");
    await page.goto("/messages");
    await page
      .getByRole("button", { name: /Gina Gap/ })
      .first()
      .click();
    await page.getByLabel("Insert a saved reply").selectOption({ label: template.name });
    const reply = page.getByLabel("Reply", { exact: true });
    await expect(reply).toHaveValue("Hi Gina, is {{company}} still your employer?");
    const gaps = page.getByRole("alert", { name: "Gaps to fill" });
    await expect(gaps).toContainText("This contact has no company");
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    await snap(page, "saved-reply-gap");
    await reply.fill("Hi Gina, is Gap Ltd still your employer?");
    await expect(gaps).toHaveCount(0);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Hi Gina, is Gap Ltd still your employer?").first()).toBeVisible();
  } finally {
    await page.request.delete(`/api/message-templates/${template.id}`, { headers });
    await page.request.delete(`/api/contacts/${contact.id}`, { headers });
  }
});
