import { describe, expect, it } from "vitest";
import { isAllowedFetchHost, spreadsheetCsvUrl } from "./spreadsheet-url";

describe("spreadsheet links", () => {
  it("turns share links into the CSV export address", () => {
    const id = "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
    expect(spreadsheetCsvUrl(`https://docs.google.com/spreadsheets/d/${id}/edit#gid=42`)).toEqual({ url: `https://docs.google.com/spreadsheets/d/${id}/export?format=csv&gid=42` });
    expect(spreadsheetCsvUrl(`https://docs.google.com/spreadsheets/d/${id}/edit?usp=sharing`)).toEqual({ url: `https://docs.google.com/spreadsheets/d/${id}/export?format=csv` });
    expect(spreadsheetCsvUrl(`https://docs.google.com/spreadsheets/d/e/2PACX-${id}/pubhtml`)).toEqual({ url: `https://docs.google.com/spreadsheets/d/e/2PACX-${id}/pub?output=csv` });
  });

  it("refuses other schemes, hosts, ports and credentials", () => {
    for (const url of [
      "http://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOp/edit",
      "https://docs.google.com.evil.example/spreadsheets/d/1AbCdEfGhIjKlMnOp/edit",
      "https://127.0.0.1/spreadsheets/d/1AbCdEfGhIjKlMnOp/edit",
      "https://169.254.169.254/latest/meta-data/",
      "https://localhost/spreadsheets/d/1AbCdEfGhIjKlMnOp/edit",
      "https://docs.google.com:8443/spreadsheets/d/1AbCdEfGhIjKlMnOp/edit",
      "https://user:pw@docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOp/edit",
      "https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/edit",
      "file:///etc/passwd",
      "not a url",
    ])
      expect(spreadsheetCsvUrl(url), url).toHaveProperty("error");
    expect(isAllowedFetchHost("doc-0s-2c-sheets.googleusercontent.com")).toBe(true);
    expect(isAllowedFetchHost("evil.com")).toBe(false);
  });
});
