import { StringDecoder } from "node:string_decoder";
import { expandEntry, ZipRefused } from "./zip-directory";
import { columnNumber, parseXml, WORKBOOK_LIMITS, WorkbookRefused, type Workbook } from "./workbook";
import { cellText, isDateFormat, BUILTIN_FORMATS } from "./cell-format";

// A worksheet becomes CSV text, so an .xlsx goes through exactly the pipeline
// a CSV does (mapping, preview, duplicates, the job). The sheet is unpacked
// and parsed as a stream; only the shared strings (checked in size) are held.

/** A CSV field: quoted when it holds a comma, a quote, a line break or edge spaces. */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

async function sharedStrings(workbook: Workbook): Promise<string[]> {
  const entry = workbook.entries.get("xl/sharedStrings.xml");
  if (!entry) return [];
  if (entry.unpackedBytes > WORKBOOK_LIMITS.sharedStringsBytes) throw new WorkbookRefused("The workbook's shared text is larger than an import reads.", 413);
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  const parser = parseXml(
    (name) => {
      if (name === "si") current = "";
      else if (name === "rPh")
        phonetic += 1; // pronunciation guides are not part of the text
      else if (name === "t") inText = true;
    },
    (text) => {
      if (inText && phonetic === 0 && current !== null) current += text;
    },
    (name) => {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic -= 1;
      else if (name === "si") {
        strings.push(current ?? "");
        current = null;
      }
    },
  );
  const text = new StringDecoder("utf8"); // a character may straddle two chunks
  await expandEntry(workbook.zip, entry, (chunk) => void parser.write(text.write(chunk)));
  parser.close();
  return strings;
}

/** Number format code of each cell style (the `s` attribute indexes cellXfs). */
async function styleFormats(workbook: Workbook): Promise<string[]> {
  const entry = workbook.entries.get("xl/styles.xml");
  if (!entry) return [];
  const custom = new Map<string, string>();
  const xfs: string[] = [];
  let inCellXfs = false;
  const parser = parseXml(
    (name, a) => {
      if (name === "numFmt" && a.numFmtId) custom.set(a.numFmtId, a.formatCode ?? "");
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) xfs.push(a.numFmtId ?? "0");
    },
    undefined,
    (name) => {
      if (name === "cellXfs") inCellXfs = false;
    },
  );
  const text = new StringDecoder("utf8");
  await expandEntry(workbook.zip, entry, (chunk) => void parser.write(text.write(chunk)));
  parser.close();
  return xfs.map((id) => custom.get(id) ?? BUILTIN_FORMATS[Number(id)] ?? "General");
}

/**
 * Streams a sheet as CSV lines into `onText` (awaited, a few hundred KB at a
 * time): values as the cells show them (shared and inline text, booleans,
 * dates in ISO form, numbers with the decimals their format gives). Refuses
 * (422) past WORKBOOK_LIMITS.cells.
 */
export async function sheetToCsv(workbook: Workbook, path: string, onText: (text: string) => Promise<void>): Promise<{ rows: number; cells: number }> {
  const [strings, formats] = await Promise.all([sharedStrings(workbook), styleFormats(workbook)]);
  let out = "";
  let rows = 0;
  let cells = 0;
  let row: string[] = [];
  let cell: { column: number; type: string; style: number } | null = null;
  let value = "";
  let inValue = false;
  let nextColumn = 1;
  let tooMany = false;

  const parser = parseXml(
    (name, a) => {
      if (name === "row") {
        row = [];
        nextColumn = 1;
      } else if (name === "c") {
        const column = a.r ? columnNumber(/^[A-Z]+/.exec(a.r)?.[0] ?? "A") : nextColumn;
        cell = { column, type: a.t ?? "n", style: Number(a.s ?? 0) };
        value = "";
      } else if ((name === "v" || name === "t") && cell) inValue = true;
    },
    (text) => {
      if (inValue) value += text;
    },
    (name) => {
      if (name === "v" || name === "t") inValue = false;
      else if (name === "c" && cell) {
        cells += 1;
        if (cells > WORKBOOK_LIMITS.cells) tooMany = true;
        while (row.length < cell.column - 1) row.push("");
        const format = formats[cell.style] ?? "General";
        row[cell.column - 1] = cellText({ type: cell.type, raw: value, format, strings, date1904: workbook.date1904, isDate: isDateFormat(format) });
        nextColumn = cell.column + 1;
        cell = null;
      } else if (name === "row") {
        rows += 1;
        out += row.map(csvField).join(",") + "\r\n";
      }
    },
  );
  const entry = workbook.entries.get(path)!;
  const decoder = new StringDecoder("utf8");
  try {
    await expandEntry(workbook.zip, entry, async (chunk) => {
      parser.write(decoder.write(chunk));
      if (tooMany) return false;
      if (out.length >= 512 * 1024) {
        const text = out;
        out = "";
        await onText(text);
      }
    });
  } catch (error) {
    if (error instanceof ZipRefused) throw new WorkbookRefused(error.message, 413);
    throw error;
  }
  if (tooMany) throw new WorkbookRefused(`The sheet has more than ${WORKBOOK_LIMITS.cells.toLocaleString("en-US")} cells, the most an import reads.`, 422);
  parser.close();
  if (out) await onText(out);
  return { rows, cells };
}
