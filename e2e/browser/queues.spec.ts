import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// Issue 44, points 1 and 2: an admin sets a queue's distribution in
// Settings → Routing and an agent's skills on the Users page. The demo
// organization is this worker's: the queue and the skills are put back
// however the test ends.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

async function adminApi(page: Page) {
  const token: string = (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
  const headers = { Authorization: `Bearer ${token}` };
  const queues: { id: number; name: string }[] = (await page.request.get("/api/queues", { headers }).then((r) => r.json())).data;
  return { headers, queue: (name: string) => queues.find((q) => q.name === name)! };
}

test("an admin turns the Support queue into an offer queue that needs Spanish, refused first for a timeout out of range", async ({ page }) => {
  const api = await adminApi(page);
  const support = api.queue("Support");
  try {
    await signIn(page, "admin@acme.example.com");
    await page.goto("/settings?tab=routing");
    const editor = page.getByRole("group", { name: "Support queue distribution" });
    await editor.locator("summary").click();
    await editor.getByLabel("Distribution").selectOption("offer");
    await editor.getByLabel("Offer timeout (seconds)").fill("200");
    await editor.getByLabel("Priority").fill("6");
    await editor.getByRole("button", { name: "Add a skill" }).click();
    await editor.getByLabel("Skill 1", { exact: true }).fill("Spanish");
    await editor.getByLabel("At least", { exact: true }).fill("3");
    await editor.getByRole("button", { name: "Save the Support queue" }).click();
    await expect(editor).toContainText("from 5 to 120");
    await editor.getByLabel("Offer timeout (seconds)").fill("15");
    await editor.getByRole("button", { name: "Save the Support queue" }).click();
    await expect(editor.getByRole("status")).toContainText("Saved.");
    await expect(editor.locator("summary")).toContainText("Offer");
    await snap(page, "queue-distribution");
    const saved = await page.request.get(`/api/queues/${support.id}`, { headers: api.headers }).then((r) => r.json());
    expect(saved).toMatchObject({ distribution: "offer", offer_timeout_seconds: 15, priority: 6, required_skills: [{ skill: "spanish", min_level: 3 }] });
  } finally {
    await page.request.patch(`/api/queues/${support.id}`, { headers: api.headers, data: { distribution: "pick", offer_timeout_seconds: 20, priority: 0, required_skills: [] } });
  }
});

test("an admin gives an agent skills on the Users page; the list shows them", async ({ page }) => {
  const api = await adminApi(page);
  const users: { id: number; email: string }[] = (await page.request.get("/api/users?per_page=100", { headers: api.headers }).then((r) => r.json())).data;
  const cal = users.find((u) => u.email === "agent3@acme.example.com")!;
  try {
    await signIn(page, "admin@acme.example.com");
    await page.goto("/users");
    await page.getByRole("button", { name: "Edit Cal Agent" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Add a skill" }).click();
    await dialog.getByLabel("Skill 1", { exact: true }).fill("Spanish");
    await dialog.getByLabel("Level", { exact: true }).fill("7");
    await dialog.getByRole("button", { name: "Update skills" }).click();
    await expect(dialog.getByRole("status")).toContainText("Skills updated.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("row", { name: /Cal Agent/ })).toContainText("spanish 7");
    expect((await page.request.get(`/api/users/${cal.id}`, { headers: api.headers }).then((r) => r.json())).skills).toEqual([{ skill: "spanish", level: 7 }]);
  } finally {
    await page.request.put(`/api/users/${cal.id}/skills`, { headers: api.headers, data: [] });
  }
});
