import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

export async function signIn(page: Page, email: string, password = "password") {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

/** Every test keeps a screenshot of its final screen (test-results/screens/<test>.png). */
export async function finalScreenshot(page: Page, testInfo: TestInfo) {
  const name = testInfo.title
    .replace(/[^a-z0-9]+/gi, "-")
    .toLowerCase()
    .slice(0, 80);
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

let counter = 0;
/** A phone number no other test uses (E.164, US toll-free range the demo data does not hold). */
export function uniquePhone(): string {
  counter += 1;
  return `+1833${String((Date.now() % 100_000) * 10 + counter)
    .padStart(7, "0")
    .slice(-7)}`;
}

/** A screenshot of a moment inside a flow (the in-call panel, the import preview…). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/step-${name}.png`, fullPage: true });
}

export { inHoursPhone, outOfHoursPhone } from "../support/daytime-phones";

/** An Available agent takes a simulated inbound caller from the Queue page: their call panel, on the call. */
export async function takeInboundCall(page: Page) {
  await page.getByRole("button", { name: "Simulate inbound call" }).click();
  const waiting = page.getByTestId("waiting-call").first();
  await expect(waiting).toBeVisible({ timeout: 5_000 });
  await waiting.getByRole("button", { name: "Accept" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");
  return dock;
}

/**
 * The agent chooses Available, and the server has it before the test goes on:
 * a click whose request was still on its way when the test took a caller once
 * reached the server after the accept (now refused: 409).
 */
export async function becomeAvailable(scope: Page | Locator) {
  const page = "page" in scope && typeof scope.page === "function" ? scope.page() : (scope as Page);
  const button = scope.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Available", exact: true });
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/agent/status");
  await button.click();
  expect((await saved).status()).toBe(200);
  await expect(button).toHaveAttribute("aria-pressed", "true");
}

/** The demo administrator's API headers (a token of their own, not the page's session). */
export async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const { token } = await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json());
  return { Authorization: `Bearer ${token}` };
}

const NEW_AGENT_PASSWORD = "a-new-agent-password";

/**
 * A new agent of the demo organization (Support), made through the API and
 * signed in on `page`: a test that changes an agent's state changes no other
 * test's. Their API state, read with a token of their own.
 */
export async function signInAsNewAgent(page: Page, headers: Record<string, string>) {
  const email = `agent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@acme.example.com`;
  const departments = (await page.request.get("/api/departments", { headers }).then((r) => r.json())).data as { id: number; name: string }[];
  const support = departments.find((d) => d.name === "Support")!;
  const created = await page.request.post("/api/users", { headers, data: { name: "Nell Newagent", email, password: NEW_AGENT_PASSWORD, role: "agent", department_id: support.id } });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, email, NEW_AGENT_PASSWORD);
  const { token } = await page.request.post("/api/login", { data: { email, password: NEW_AGENT_PASSWORD } }).then((r) => r.json());
  const own = { Authorization: `Bearer ${token}` };
  return { headers: own, status: async () => page.request.get("/api/agent/status", { headers: own }).then((r) => r.json()) };
}

/**
 * An organization of the test's own, made through the API as the operator, and
 * its one agent signed in on the page: nothing another test left in the demo
 * organization (a caller still waiting, a callback coming due) moves its queue.
 */
export async function signInAsAgentOfNewOrganization(page: Page) {
  const operator = await page.request.post("/api/login", { data: { email: "super@example.com", password: "password" } });
  expect(operator.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await operator.json()).token}` };
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const organization = await page.request.post("/api/organizations", { headers, data: { name: `Quiet ${tag}`, departments: ["Support"] } });
  expect(organization.status(), await organization.text()).toBe(201);
  const { id, departments } = (await organization.json()) as { id: number; departments: { id: number }[] };
  const user = async (role: string, key: string) => {
    const email = `${key}-${tag}@quiet.example.com`;
    const created = await page.request.post("/api/users", {
      headers,
      data: { name: `Quinn ${key}`, email, password: NEW_AGENT_PASSWORD, role, department_id: role === "agent" ? departments[0].id : null, organization_id: id },
    });
    expect(created.status(), await created.text()).toBe(201);
    return email;
  };
  const [admin, agent] = await Promise.all([user("account_admin", "admin"), user("agent", "agent")]);
  // A number of its own, which the simulated provider's callers ring.
  const signedIn = await page.request.post("/api/login", { data: { email: admin, password: NEW_AGENT_PASSWORD } });
  const number = `+1555${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const telephony = await page.request.put("/api/settings/telephony", { headers: { Authorization: `Bearer ${(await signedIn.json()).token}` }, data: { phone_numbers: [number] } });
  expect(telephony.status(), await telephony.text()).toBe(200);
  await signIn(page, agent, NEW_AGENT_PASSWORD);
}

/** A time as every list shows it (issue 61, point 7), on the organization's clock (New York): "Nov 28, 7:23 AM" this year, "Nov 28, 2025" before. */
export function listTime(at: string, zone = "America/New_York"): string {
  const year = (d: Date) => new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: zone }).format(d);
  const options: Intl.DateTimeFormatOptions = year(new Date(at)) === year(new Date()) ? { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone }).format(new Date(at));
}
