import ExcelJS from "exceljs";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("manager imports an Excel workbook, picking the sheet that holds the contacts in the preview", async ({ page }) => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Read me").addRow(["Exported from the CRM"]);
  const sheet = book.addWorksheet("Leads");
  sheet.addRow(["Full name", "Mobile", "Company"]);
  sheet.addRow(["Xavier Workbook", uniquePhone(), "Sheet Co"]);
  sheet.addRow(["Yara Workbook", uniquePhone(), "Sheet Co"]);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  await signIn(page, "sales.manager@acme.example.com");
  await page.goto("/contacts/import");
  await page.getByLabel("CSV or Excel file").setInputFiles({ name: "crm-export.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await page.getByRole("button", { name: "Check the file" }).click();

  // The first sheet is read first: it holds no contacts, and the preview says so beside the sheet picker.
  const picker = page.getByLabel("Sheet", { exact: true });
  await expect(picker).toHaveValue("Read me", { timeout: 20_000 });
  await expect(page.getByRole("alert").filter({ hasText: "needs a name and a phone column" })).toBeVisible();
  await picker.selectOption("Leads");

  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("2 rows checked", { timeout: 20_000 });
  await expect(picker).toHaveValue("Leads");
  await expect(page.getByRole("region", { name: "Column mapping" }).getByLabel("Field for column Mobile")).toHaveValue("phone");
  await snap(page, "import-xlsx-preview");

  await page.getByRole("button", { name: /^Start import of/ }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 30_000 });
  await expect(progress).toContainText("2created");
});
