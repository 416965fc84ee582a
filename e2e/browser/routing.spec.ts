import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, snap } from "./helpers";

// Issue 23: an admin sets a caller menu in Settings → Routing; a caller who
// presses 2 waits in the Support queue, which Support's agent sees and Sales'
// agent does not. The demo organization is shared by every browser test: its
// routing is put back to "no plan" however this test ends.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

async function adminToken(page: Page): Promise<string> {
  return (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
}

test("an admin builds a caller menu with a preview; a caller pressing 2 waits in the Support queue, seen by Support's agent only", async ({ page, browser }) => {
  const token = await adminToken(page);
  try {
    await signIn(page, "admin@acme.example.com");
    await page.goto("/settings?tab=routing");
    const panel = page.getByRole("tabpanel", { name: "Routing" });
    await expect(panel).toContainText("No routing plan");
    await panel.getByRole("button", { name: "Add a plan" }).click();
    const plan = panel.getByRole("group", { name: "Plan Main line" });

    // Hours that end before they start are refused under the day, before anything is saved.
    await plan.getByLabel("Open around the clock").uncheck();
    await plan.getByLabel("Monday").fill("17:00-09:00");
    await plan.getByLabel("Monday").blur();
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(plan).toContainText("must end after it starts");
    await plan.getByLabel("Open around the clock").check();

    await plan.getByLabel("Ask callers to choose (a menu)").check();
    await plan.getByLabel("Greeting").fill("Thanks for calling Acme.");
    await plan.getByRole("button", { name: "Add an option" }).click();
    await plan.getByLabel("Name of option 2").fill("Support");
    await plan.getByLabel("Where option 2 goes").selectOption({ label: "Support queue" });
    await plan.getByRole("button", { name: "Preview the greeting" }).click();
    const preview = plan.getByRole("region", { name: "Greeting preview" });
    await expect(preview).toContainText("Open now");
    await expect(preview).toContainText("For Support, press 2.");
    await expect(preview).toContainText("<Gather");
    await snap(page, "routing-menu");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(panel.getByRole("status")).toContainText("Saved.");

    // A caller presses 2 (the simulator plays the provider's menu).
    const rang = await page.request.post("/api/dev/simulator", { headers: { Authorization: `Bearer ${token}` }, data: { action: "inbound", from: "+14155550866", digits: "2" } });
    expect(await rang.json()).toMatchObject({ routed: "queued" });

    const cal = await (await browser.newContext()).newPage();
    await signIn(cal, "agent3@acme.example.com");
    await becomeAvailable(cal);
    await expect(cal.getByTestId("waiting-call").filter({ hasText: "415 555 0866" })).toContainText("Support");
    await snap(cal, "support-queue");
    const andy = await (await browser.newContext()).newPage();
    await signIn(andy, "agent1@acme.example.com");
    await becomeAvailable(andy);
    // Sales' agent sees the queues they serve (other tests' callers may wait in the general one), never Support's caller.
    await expect(andy.getByRole("region", { name: "Waiting calls" }).getByRole("heading", { name: /Callers waiting \(\d+\)/ })).toBeVisible();
    await expect(andy.getByTestId("waiting-call").filter({ hasText: "415 555 0866" })).toHaveCount(0);
    await expect(cal.getByTestId("waiting-call").filter({ hasText: "415 555 0866" })).toHaveCount(1);
    await cal.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();
    await andy.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();
    await cal.context().close();
    await andy.context().close();
  } finally {
    // Back to no plan, and the test's caller gone: the other tests expect the plain queue.
    await page.request.put("/api/settings/routing", { headers: { Authorization: `Bearer ${token}` }, data: { plans: [] } });
    const waiting = (await page.request.get("/api/queue/calls", { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json())).data as { call_sid: string; from: string }[];
    for (const call of waiting.filter((c) => c.from === "+14155550866")) {
      await page.request.post("/api/dev/simulator", { headers: { Authorization: `Bearer ${token}` }, data: { action: "caller_hangup", call_sid: call.call_sid } });
    }
  }
});

test("a caller who picks voicemail leaves a message in the Support queue view: Support's agent plays it, claims it and marks it done", async ({ page }) => {
  const token = await adminToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  try {
    const departments = (await page.request.get("/api/departments?per_page=100", { headers }).then((r) => r.json())).data as { id: number; name: string }[];
    const support = departments.find((d) => d.name === "Support")!.id;
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
                { digit: "1", label: "Support", target: { type: "queue", department_id: support } },
                { digit: "3", label: "a message", target: { type: "voicemail", department_id: support } },
              ],
            },
          },
        ],
      },
    });
    expect(saved.status()).toBe(200);
    const rang = await page.request.post("/api/dev/simulator", { headers, data: { action: "inbound", from: "+14155550867", digits: "3" } });
    expect(await rang.json()).toMatchObject({ routed: "voicemail" });

    await signIn(page, "agent3@acme.example.com");
    const item = page.getByTestId("voicemail").filter({ hasText: "+1 415 555 0867" });
    await expect(item).toContainText("chose voicemail");
    await expect(item).toContainText("Please call me back about my order.");
    await expect(item.getByRole("button", { name: "Claim" })).toBeVisible();
    const audio = await page.request.get((await item.locator("audio").getAttribute("src"))!);
    expect(audio.headers()["content-type"]).toBe("audio/wav");
    await item.getByRole("button", { name: "Claim" }).click();
    await expect(item).toContainText("claimed by you");
    await snap(page, "voicemail-claimed");
    await item.getByRole("button", { name: "Mark done" }).click();
    await expect(item).toHaveCount(0);
  } finally {
    await page.request.put("/api/settings/routing", { headers, data: { plans: [] } });
  }
});
