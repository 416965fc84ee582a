import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CsvBoundsFilter, readClipped, readDropped } from "./csv-bounds-filter";
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

describe("the bounds filter before the parser", () => {
  const parse = (text: string, delimiter = ",", chunk = 3) => {
    const filter = new CsvBoundsFilter(delimiter, 5, 3);
    let out = "";
    for (let i = 0; i < text.length; i += chunk) out += filter.push(text.slice(i, i + chunk));
    out += filter.end();
    return Papa.parse<string[]>(out, { delimiter, skipEmptyLines: "greedy" }).data;
  };
  const bounded = (record: string[]) => unmarkForTest(record);

  it("passes ordinary CSV through unchanged, quotes, escaped quotes and line breaks included", () => {
    const text = 'a,"b,c","d ""e"""\r\n"x\ny",z,\n';
    expect(parse(text)).toEqual(Papa.parse(text, { skipEmptyLines: "greedy" }).data);
  });

  it("cuts long cells (quoted or not) and extra columns, leaving markers the record bounds read", () => {
    const rows = parse('abcdefgh,"quoted, long ""cell""",x\n1,2,3,4,5,6\nok,fine,yes\n');
    expect(rows[0].map((cell) => readClipped(cell))).toEqual([
      { cell: "abcde", length: 8 },
      { cell: "quote", length: 19 },
      { cell: "x", length: null },
    ]);
    expect(bounded(rows[1])).toEqual({ cells: ["1", "2", "3"], columns: 6 });
    expect(rows[2]).toEqual(["ok", "fine", "yes"]);
  });

  it("follows the delimiter it is given", () => {
    expect(parse("a;b;c;d\n", ";").map(bounded)).toEqual([{ cells: ["a", "b", "c"], columns: 4 }]);
  });
});

function unmarkForTest(record: string[]) {
  const { cells, columns } = readDropped(record);
  return { cells, columns };
}
