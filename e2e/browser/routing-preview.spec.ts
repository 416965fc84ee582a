import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// Issue 45, point 4: the routing preview reads like a plan: steps in words,
// at a time chosen, ending in the voicemail when the closed plan takes them;
// the caller played through the menu; the provider's instructions one click
// away. Nothing is saved (the demo organization keeps "no plan").

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an admin previews a plan in words at a closed time, then plays a caller through its menu", async ({ page }) => {
  await signIn(page, "admin@acme.example.com");
  await page.goto("/settings?tab=routing");
  const panel = page.getByRole("tabpanel", { name: "Routing" });
  await panel.getByRole("button", { name: "Add a plan" }).click();
  const plan = panel.getByRole("group", { name: "Plan Main line" });
  await plan.getByLabel("Open around the clock").uncheck();
  await plan.getByLabel("Monday").fill("09:00-17:00");
  await plan.getByLabel("Monday").blur();
  await plan.getByLabel("then let them leave a voicemail").check();

  // A Saturday on the organization's clock: closed, and the walk ends in the voicemail.
  await plan.getByLabel("At (the organization’s clock; empty: now)").fill("2026-11-28T10:00");
  await plan.getByRole("button", { name: "Preview the greeting" }).click();
  const preview = plan.getByRole("region", { name: "Greeting preview" });
  const steps = preview.getByRole("list", { name: "What the caller hears and where they go" });
  await expect(preview).toContainText("Closed then");
  await expect(steps.getByRole("listitem").first()).toContainText("Nov 28, 2026, 10:00 AM");
  await expect(steps.getByRole("listitem").last()).toContainText("leaves a voicemail for the general queue");
  await expect(preview.getByText("<Record")).toBeHidden();
  await preview.getByText("Show the provider’s instructions").click();
  await expect(preview.getByText(/<Record/)).toBeVisible();
  await snap(page, "routing-preview-closed");

  // Open, with a menu: the caller presses 2, says words, hangs up.
  await plan.getByLabel("At (the organization’s clock; empty: now)").fill("2026-11-30T10:00");
  await plan.getByLabel("Ask callers to choose (a menu)").check();
  await plan.getByLabel("Greeting", { exact: true }).fill("Thanks for calling Acme.");
  await plan.getByRole("button", { name: "Add an option" }).click();
  await plan.getByLabel("Name of option 2").fill("Support");
  await plan.getByLabel("Where option 2 goes").selectOption({ label: "Support queue" });
  await plan.getByRole("button", { name: "Preview the greeting" }).click();
  await expect(preview).toContainText("Open then");
  await expect(steps).toContainText("Pressing 2 or saying “Support”: waits in Support’s queue");
  const caller = preview.getByRole("group", { name: "Play the caller" });
  await caller.getByRole("button", { name: "Press 2" }).click();
  await expect(steps).toContainText("Presses 2.");
  await expect(steps).toContainText("That is Support.");
  await caller.getByLabel("Words the caller says").fill("support please");
  await caller.getByRole("button", { name: "Say it" }).click();
  await expect(steps).toContainText("Says “support please”.");
  await caller.getByRole("button", { name: "Hang up" }).click();
  await expect(steps.getByRole("listitem").last()).toHaveText("Hangs up: the call ends, and nothing is left to follow up.");
  await snap(page, "routing-preview-menu");
});
