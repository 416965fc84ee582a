import { describe, expect, it } from "vitest";
import { boundRecord, clip, describeColumns, headerProblem, MAX_CELL_CHARS, MAX_COLUMNS } from "./record-bounds";

describe("CSV record bounds", () => {
  it("leaves ordinary records alone", () => {
    expect(boundRecord(["Ana", "+14155550100"])).toEqual({ cells: ["Ana", "+14155550100"], problem: null });
    expect(headerProblem(["name", "phone"])).toBeNull();
  });

  it("cuts a row with a million columns to the first 200 and says so", () => {
    const bounded = boundRecord(Array(1_000_000).fill(""));
    expect(bounded.cells).toHaveLength(MAX_COLUMNS);
    expect(bounded.problem).toBe("The row has 1,000,000 columns; at most 200 are read.");
  });

  it("cuts a 20 MB cell and says which column", () => {
    const bounded = boundRecord(["Ana", "x".repeat(20 * 1024 * 1024)]);
    expect(bounded.cells[1]).toHaveLength(MAX_CELL_CHARS);
    expect(bounded.problem).toBe("Column 2 holds 20,971,520 characters; at most 10,000 are read.");
  });

  it("refuses a header too wide or a column name too long, and describes columns briefly", () => {
    expect(headerProblem(Array(201).fill("c"))).toContain("201 columns");
    expect(headerProblem(["name", "p".repeat(10 * 1024 * 1024)])).toContain("Column 2's name is 10,485,760 characters long");
    const described = describeColumns(["a".repeat(1000), ...Array(50).fill("b")]);
    expect(described.length).toBeLessThan(200);
    expect(described).toContain("and 41 more");
    expect(clip("abc", 5)).toBe("abc");
  });
});
