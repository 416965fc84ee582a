import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { startServer, TEST_PROVIDER } from "../support/server.mjs";
import { finalScreenshot, snap } from "./helpers";

// The first run in the browser (issue 41, point 1), on a server of its own on
// an empty embedded database (the suite's server has the demo data): the
// sign-in page sends to /setup, the form is filled with the keyboard alone, the
// new admin lands signed in, and /setup is never shown again.

const NO_PROVIDER = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));
let server: Awaited<ReturnType<typeof startServer>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ label: "setup-browser", env: { SEED_DEMO_DATA: "never", FRONTEND_URL: "", ...NO_PROVIDER } });
});
test.afterAll(async () => {
  await server?.stop();
});

// The visitor's own zone is the one preselected.
test.use({ timezoneId: "Europe/Berlin" });

test("a new installation: the login page sends to setup, the keyboard fills it in, the admin lands signed in, and setup is gone", async ({ page }, testInfo) => {
  const base = server!.baseUrl;
  await page.goto(`${base}/login`);
  await expect(page).toHaveURL(`${base}/setup`);
  await expect(page.getByRole("heading", { name: "Set up Contact Center" })).toBeVisible();
  const form = page.getByRole("form", { name: "First-run setup" });
  const organization = form.getByLabel("Organization name");
  const zone = form.getByLabel("Time zone");
  const confirmation = form.getByLabel("Confirm password");
  await expect(organization).toBeFocused();
  await expect(zone).toHaveValue("Europe/Berlin");

  // Sent empty: each field says what is wrong, and the first one gets the focus back.
  await page.keyboard.press("Enter");
  await expect(organization).toHaveAccessibleDescription("The name field is required.");
  await expect(form.getByLabel("Your name")).toHaveAccessibleDescription("The name field is required.");
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("The email must be a valid email address.");
  await expect(form.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/At least 8 characters\. The password must be at least 8 characters\./);
  await expect(organization).toBeFocused();
  await snap(page, "setup-errors");

  // Keyboard only: type, Tab to the next field (the zone stays the preselected one).
  await page.keyboard.type("Initech");
  await page.keyboard.press("Tab");
  await expect(zone).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.type("Peter Gibbons");
  await page.keyboard.press("Tab");
  await page.keyboard.type("peter@initech.test");
  await page.keyboard.press("Tab");
  await page.keyboard.type("tps-reports-2026");
  await page.keyboard.press("Tab");
  await page.keyboard.type("tps-reports-2025");
  await page.keyboard.press("Enter");
  await expect(confirmation).toHaveAccessibleDescription("The passwords do not match.");
  await expect(confirmation).toBeFocused();
  await expect(organization).not.toHaveAttribute("aria-invalid");

  // Fixed; the setup answer is held back a moment so its busy state can be seen.
  await page.route("**/api/setup", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("tps-reports-2026");
  await page.keyboard.press("Enter");
  await expect(form.getByRole("button", { name: "Setting up…" })).toBeDisabled();
  await expect(form).toHaveAttribute("aria-busy", "true");

  // Signed in as the new admin, on the app.
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible({ timeout: 20_000 });
  await expect(page).not.toHaveURL(/\/(setup|login)$/);
  await expect(nav.getByTestId("role")).toHaveText("Account admin");
  const session = await (await page.request.get(`${base}/api/auth/session`)).json();
  const profile = await page.request.get(`${base}/api/organization`, { headers: { Authorization: `Bearer ${session.apiToken}` } });
  expect(await profile.json()).toMatchObject({ name: "Initech", time_zone: "Europe/Berlin" });

  // Never again: signed in, /setup sends to the app; signed out, to the sign-in page, which stays.
  await page.goto(`${base}/setup`);
  await expect(nav).toBeVisible();
  await expect(page).not.toHaveURL(/\/(setup|login)$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`${base}/setup`);
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByRole("heading", { name: "Sign in to Contact Center" })).toBeVisible();
  await finalScreenshot(page, testInfo);
});
