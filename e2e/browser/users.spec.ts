import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an admin finds a user, edits their name, role and department, resets the password and deactivates and reactivates them", async ({ page, request }) => {
  await signIn(page, "admin@acme.example.com");
  const session = await page.request.get("/api/auth/session").then((r) => r.json());
  const headers = { Authorization: `Bearer ${session.apiToken}` };
  const departments = (await (await page.request.get("/api/departments", { headers })).json()).data as { id: number; name: string }[];
  const sales = departments.find((d) => d.name === "Sales")!;
  const email = `edit.${Date.now()}@acme.example.com`;
  expect((await page.request.post("/api/users", { headers, data: { name: "Edna Editable", email, password: "first-password", role: "agent", department_id: sales.id } })).status()).toBe(201);

  await page.getByRole("link", { name: "Users", exact: true }).click();
  await page.getByLabel("Search users").fill("edna edit");
  const table = page.getByRole("table", { name: "Users" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Sales"); // the department's name, not its id

  await row.getByRole("button", { name: "Edit Edna Editable" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Edna Editable" });
  await dialog.getByLabel("Name").fill("Edna Edited");
  await dialog.getByLabel("Role").selectOption("dept_manager");
  await dialog.getByLabel("Department").selectOption({ label: "Support" });
  await dialog.getByLabel("New password").fill("short");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("The password must be at least 8 characters.")).toBeVisible(); // checked before sending
  await dialog.getByLabel("New password").fill("second-password");
  await snap(page, "edit-user");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Edna Edited was saved" })).toBeVisible();
  await page.getByLabel("Search users").fill(email);
  const edited = table.getByRole("row").filter({ hasText: email });
  await expect(edited).toContainText("Edna Edited");
  await expect(edited).toContainText("Department manager");
  await expect(edited).toContainText("Support");
  expect((await request.post("/api/login", { data: { email, password: "first-password" } })).status()).toBe(422);
  expect((await request.post("/api/login", { data: { email, password: "second-password" } })).status()).toBe(200);

  await edited.getByRole("button", { name: "Edit Edna Edited" }).click();
  await page.getByRole("dialog", { name: "Edit Edna Edited" }).getByRole("button", { name: "Deactivate" }).click();
  await expect(edited).toContainText("Deactivated");
  expect((await request.post("/api/login", { data: { email, password: "second-password" } })).status()).not.toBe(200);
  await edited.getByRole("button", { name: "Edit Edna Edited" }).click();
  await page.getByRole("dialog", { name: "Edit Edna Edited" }).getByRole("button", { name: "Reactivate" }).click();
  await expect(edited).toContainText("Active");

  // Nobody changes their own role or access.
  await page.getByLabel("Search users").fill("admin@acme.example.com");
  await table.getByRole("button", { name: "Edit Alice Admin" }).click();
  const own = page.getByRole("dialog", { name: "Edit Alice Admin" });
  await expect(own.getByLabel("Role")).toBeDisabled();
  await expect(own.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  await own.getByRole("button", { name: "Cancel" }).click();
});
