import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// Issue 47, point 1, in the browser: an admin writes the recording
// announcement, offers the key that declines it, gives one number words of
// its own, and is told in words when a key has no announcement to offer it.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an admin sets the recording announcement with an opt-out key and a number of its own", async ({ page }) => {
  const admin = await page.request.post("/api/login", { data: { email: "admin@globex.example.com", password: "password" } }).then((r) => r.json());
  try {
    await signIn(page, "admin@globex.example.com");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Telephony" }).click();
    const form = page.getByRole("form", { name: "Recording announcement" });
    await expect(form.getByText("None: every number uses the announcement above.")).toBeVisible();

    // A key with nothing that offers it is refused, in words, before anything is sent.
    await form.getByLabel("Key to continue without recording").selectOption("1");
    await form.getByRole("button", { name: "Save the announcement" }).click();
    await expect(form.getByText("An opt-out key needs an announcement (text or audio) that offers it.")).toBeVisible();

    await form.getByLabel("What callers hear").fill("This call is recorded for quality and training.");
    await form.getByRole("button", { name: "Add a number" }).click();
    await form.getByLabel("Number", { exact: true }).fill("+15005550006");
    await form.getByLabel("What its callers hear").fill("Calls to this line are recorded.");
    await form.getByLabel("People agents call hear it too").check();
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/settings/calls") && r.request().method() === "PUT");
    await form.getByRole("button", { name: "Save the announcement" }).click();
    expect((await (await saved).json()).recording_consent).toEqual({
      text: "This call is recorded for quality and training.",
      audio_url: null,
      opt_out_digit: "1",
      outbound: true,
      numbers: { "+15005550006": { text: "Calls to this line are recorded.", audio_url: null, opt_out_digit: null } },
    });
    await expect(form.getByText("Saved.")).toBeVisible();
    await snap(page, "recording-announcement");

    await page.reload();
    await page.getByRole("tab", { name: "Telephony" }).click();
    await expect(page.getByRole("form", { name: "Recording announcement" }).getByLabel("What its callers hear")).toHaveValue("Calls to this line are recorded.");
  } finally {
    // The demo organization's calls go on without an announcement for the other tests of this worker.
    await page.request.put("/api/settings/calls", {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { recording_consent: { text: null, audio_url: null, opt_out_digit: null, outbound: false, numbers: {} } },
    });
  }
});
