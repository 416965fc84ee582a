import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// Issue 48, point 1, in the browser: an admin sets up WhatsApp; a WhatsApp
// message arrives in the same inbox as texts, marked and filterable; the
// composer says which rule applies: free-form inside the 24-hour window, an
// approved template with its variables outside it.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("WhatsApp in the inbox: set up, a message answered free-form, and a template once the 24-hour window has closed", async ({ page }) => {
  await signIn(page, "admin@globex.example.com");
  await page.goto("/settings?tab=telephony");
  const settings = page.getByRole("form", { name: "WhatsApp" });
  await settings.getByLabel("WhatsApp sender (its number)").fill("+14155238886");
  await settings.getByRole("button", { name: "Add a template" }).click();
  await settings.getByLabel("Name").fill("Order ready");
  await settings.getByLabel("Content SID").fill("HX1234");
  await settings.getByLabel(/Its approved text/).fill("Hi {{1}}, your order {{2}} is ready.");
  await settings.getByRole("button", { name: "Save WhatsApp" }).click();
  await expect(settings.getByText("content_sid is the template's id at the provider (HX and 32 hex digits).")).toBeVisible();
  await settings.getByLabel("Content SID").fill(`HX${"ab".repeat(16)}`);
  await settings.getByRole("button", { name: "Save WhatsApp" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");
  await snap(page, "settings-whatsapp");

  await page.goto("/messages");
  const simulate = async (from: string, text: string, hoursAgo = "0") => {
    const simulator = page.getByRole("form", { name: "Simulate incoming SMS" });
    if (!(await simulator.isVisible())) await page.getByRole("button", { name: "Simulate incoming SMS" }).click();
    await simulator.getByLabel("From (E.164, optional)").fill(from);
    await simulator.getByLabel("Text", { exact: true }).fill(text);
    await simulator.getByLabel("Arrives on").selectOption("whatsapp");
    await simulator.getByLabel("Sent hours ago").fill(hoursAgo);
    await simulator.getByRole("button", { name: "Receive" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Simulated WhatsApp message from ${from} arrived.` })).toBeVisible();
  };
  await simulate("+14155550191", "Is my order ready?");
  const row = page.getByTestId("conversation").filter({ hasText: "Is my order ready?" });
  await expect(row.getByText("WhatsApp", { exact: true })).toBeVisible();
  await page.getByLabel("Channel").selectOption("sms");
  await expect(row).toHaveCount(0);
  await page.getByLabel("Channel").selectOption("whatsapp");
  await row.click();
  const thread = page.getByRole("region", { name: "Conversation", exact: true });
  await expect(thread.getByTestId("channel")).toHaveText("WhatsApp");
  await expect(thread.getByTestId("whatsapp-window")).toContainText("WhatsApp: free-form replies until");
  await thread.getByLabel("Reply").fill("Yes, come by after 3.");
  await thread.getByRole("button", { name: "Send" }).click();
  await expect(thread.getByTestId("message").filter({ hasText: "Yes, come by after 3." })).toBeVisible();
  await snap(page, "whatsapp-inside-window");

  // A day and more since they wrote: only an approved template goes.
  await simulate("+14155550192", "Hello? Anyone?", "30");
  await page.getByTestId("conversation").filter({ hasText: "Hello? Anyone?" }).click();
  await expect(thread.getByTestId("whatsapp-window")).toContainText("WhatsApp's 24-hour window closed at");
  await expect(thread.getByLabel("Reply")).toHaveCount(0);
  const form = thread.getByRole("form", { name: "Send a WhatsApp template" });
  await form.getByLabel("Approved template").selectOption({ label: "Order ready" });
  await expect(form.getByRole("button", { name: "Send template" })).toBeDisabled();
  await form.getByLabel("{{1}}").fill("Dora");
  await form.getByLabel("{{2}}").fill("A-1042");
  await expect(form.getByTestId("template-preview")).toHaveText("Hi Dora, your order A-1042 is ready.");
  await form.getByRole("button", { name: "Send template" }).click();
  await expect(thread.getByTestId("message").filter({ hasText: "Hi Dora, your order A-1042 is ready." })).toBeVisible();
  await snap(page, "whatsapp-template");

  // A picture from an address that is not the provider's is never fetched: the thread says so.
  const token = (await page.request.post("/api/login", { data: { email: "admin@globex.example.com", password: "password" } }).then((r) => r.json())).token;
  const arrived = await page.request.post("/api/dev/simulator", {
    headers: { Authorization: `Bearer ${token}` },
    data: { action: "sms_inbound", channel: "whatsapp", from: "+14155550193", body: "A photo of the parcel", media_url: "https://example.com/parcel.jpg" },
  });
  expect(arrived.status()).toBe(200);
  await page.getByTestId("conversation").filter({ hasText: "A photo of the parcel" }).click();
  await expect(thread.getByTestId("attachment")).toHaveText("An attachment could not be fetched from the provider (too large, or refused).", { timeout: 10_000 });
});

// Issue 59, point 7: the sender and its templates are the account admin's.
// A manager's texting settings (on Messages) offer quiet hours and the help
// text, never the WhatsApp fields; the settings page, where those are, is the
// admins' (settings.manage, the permission the API asks to change them).
test("a department manager keeps the texting settings and is offered no WhatsApp sender or templates", async ({ page }) => {
  await signIn(page, "manager@globex.example.com");
  await page.goto("/messages");
  await page.getByText("Texting settings and saved replies").click();
  await expect(page.getByLabel("Answer to HELP")).toBeVisible();
  await expect(page.getByLabel("Quiet hours for campaign texts")).toBeVisible();
  await expect(page.getByLabel("WhatsApp sender (its number)")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save WhatsApp" })).toHaveCount(0);
  await page.goto("/settings?tab=telephony");
  await expect(page.getByRole("heading", { name: "No access" })).toBeVisible();
  await expect(page.getByLabel("WhatsApp sender (its number)")).toHaveCount(0);
});
