import { StringDecoder } from "node:string_decoder";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { entryText, expandEntry, readZipDirectory, ZipRefused, type ZipEntry } from "./zip-directory";

/**
 * What an uploaded workbook may be (README, "Spreadsheet files"): checked from
 * the zip's directory before anything is unpacked, then again while unpacking
 * (a part that yields more than it declared stops at once).
 */
export const WORKBOOK_LIMITS = {
  /** Parts in the zip. */
  entries: 10_000,
  sheets: 100,
  /** All parts together, unpacked (413 beyond). */
  unpackedBytes: 500 * 1024 * 1024,
  /** One part, unpacked (413 beyond). */
  partBytes: 300 * 1024 * 1024,
  /** The shared strings part is read whole: at most this, unpacked. */
  sharedStringsBytes: 100 * 1024 * 1024,
  /** Unpacked ÷ packed for a part over 1 MB: XML packs about 10:1, a zip bomb 1000:1 (413 beyond). */
  ratio: 200,
  /** Cells of the chosen sheet, by its declared dimension and as it is read (422 beyond). */
  cells: 5_000_000,
} as const;

export class WorkbookRefused extends Error {
  constructor(
    message: string,
    readonly status: 413 | 422,
  ) {
    super(message);
  }
}

export interface Workbook {
  zip: Buffer;
  entries: Map<string, ZipEntry>;
  sheets: { name: string; path: string }[];
  /** The epoch of date serials: 1904 for old Mac workbooks. */
  date1904: boolean;
}

/** Parses XML text, calling `onTag` for each opening tag (local name, no prefix) and `onText` for text. */
export function parseXml(onTag: (name: string, attributes: Record<string, string>) => void, onText?: (text: string) => void, onClose?: (name: string) => void) {
  const parser = new SaxesParser();
  const local = (name: string) => name.slice(name.indexOf(":") + 1);
  parser.on("opentag", (tag: SaxesTagPlain) => onTag(local(tag.name), tag.attributes as Record<string, string>));
  if (onText) parser.on("text", onText);
  if (onClose) parser.on("closetag", (tag: SaxesTagPlain) => onClose(local(tag.name)));
  return parser;
}

function checkDirectory(entries: ZipEntry[]): void {
  const { entries: maxEntries, unpackedBytes, partBytes, ratio } = WORKBOOK_LIMITS;
  if (entries.length > maxEntries) throw new WorkbookRefused(`The workbook has ${entries.length.toLocaleString("en-US")} parts; at most ${maxEntries.toLocaleString("en-US")} are read.`, 422);
  const total = entries.reduce((sum, e) => sum + e.unpackedBytes, 0);
  const mb = (n: number) => `${Math.round(n / 1024 / 1024).toLocaleString("en-US")} MB`;
  if (total > unpackedBytes) throw new WorkbookRefused(`The workbook unpacks to ${mb(total)}, more than the ${mb(unpackedBytes)} an import reads.`, 413);
  for (const entry of entries) {
    if (entry.unpackedBytes > partBytes) throw new WorkbookRefused(`The workbook part ${entry.name} unpacks to ${mb(entry.unpackedBytes)}, more than the ${mb(partBytes)} an import reads.`, 413);
    if (entry.unpackedBytes > 1024 * 1024 && entry.unpackedBytes > Math.max(1, entry.packedBytes) * ratio) {
      throw new WorkbookRefused(`The workbook part ${entry.name} is packed more than ${ratio}:1, as a zip bomb is: refused.`, 413);
    }
  }
}

/**
 * Opens an uploaded .xlsx: its directory checked against the limits, its
 * sheets listed in workbook order (names as the tabs show them). Nothing but
 * the small workbook and relationship parts is unpacked here.
 */
export async function openWorkbook(zip: Buffer): Promise<Workbook> {
  let directory: ZipEntry[];
  try {
    directory = readZipDirectory(zip);
  } catch (error) {
    if (error instanceof ZipRefused) throw new WorkbookRefused(error.message, 422);
    throw error;
  }
  checkDirectory(directory);
  const entries = new Map(directory.map((e) => [e.name.replace(/^\//, ""), e]));
  const workbookPart = entries.get("xl/workbook.xml");
  const relsPart = entries.get("xl/_rels/workbook.xml.rels");
  if (!workbookPart || !relsPart) throw new WorkbookRefused("The file is not an Excel workbook (.xlsx): it has no xl/workbook.xml.", 422);
  if (workbookPart.unpackedBytes > 10 * 1024 * 1024 || relsPart.unpackedBytes > 10 * 1024 * 1024) throw new WorkbookRefused("The workbook's sheet list is larger than any workbook's.", 413);

  const targets = new Map<string, string>();
  const rels = parseXml((name, a) => {
    if (name === "Relationship" && a.Id && a.Target) targets.set(a.Id, a.Target.startsWith("/") ? a.Target.slice(1) : `xl/${a.Target}`);
  });
  const sheets: { name: string; path: string }[] = [];
  let date1904 = false;
  const book = parseXml((name, a) => {
    if (name === "workbookPr" && (a.date1904 === "1" || a.date1904 === "true")) date1904 = true;
    const id = a["r:id"] ?? Object.entries(a).find(([key]) => key.endsWith(":id"))?.[1];
    if (name === "sheet" && a.name && id) sheets.push({ name: a.name, path: targets.get(id) ?? "" });
  });
  try {
    rels.write(await entryText(zip, relsPart)).close();
    book.write(await entryText(zip, workbookPart)).close();
  } catch (error) {
    if (error instanceof ZipRefused) throw new WorkbookRefused(error.message, 413);
    throw new WorkbookRefused(`The workbook's sheet list could not be read: ${(error as Error).message}`, 422);
  }
  const usable = sheets.filter((s) => entries.has(s.path));
  if (usable.length === 0) throw new WorkbookRefused("The workbook has no worksheet.", 422);
  if (usable.length > WORKBOOK_LIMITS.sheets) throw new WorkbookRefused(`The workbook has ${usable.length} sheets; at most ${WORKBOOK_LIMITS.sheets} are read.`, 422);
  return { zip, entries, sheets: usable, date1904 };
}

/** The sheet asked for (its name, or its position from 1), else the first. */
export function chooseSheet(workbook: Workbook, asked: string | undefined) {
  if (!asked) return workbook.sheets[0];
  const byName = workbook.sheets.find((s) => s.name === asked) ?? workbook.sheets.find((s) => s.name.toLowerCase() === asked.trim().toLowerCase());
  const byPosition = /^\d+$/.test(asked.trim()) ? workbook.sheets[Number(asked) - 1] : undefined;
  const sheet = byName ?? byPosition;
  if (!sheet) throw new WorkbookRefused(`The workbook has no sheet "${asked}"; its sheets: ${workbook.sheets.map((s) => s.name).join(", ")}.`, 422);
  return sheet;
}

/** Columns × rows a sheet declares (`<dimension ref="A1:K2000">`), read from its first bytes only; null when it declares none. */
export async function declaredCells(workbook: Workbook, path: string): Promise<number | null> {
  const entry = workbook.entries.get(path)!;
  let ref: string | null = null;
  let seen = "";
  const text = new StringDecoder("utf8");
  await expandEntry(workbook.zip, entry, (chunk) => {
    seen += text.write(chunk);
    const match = /<(?:\w+:)?dimension\s+ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/.exec(seen);
    if (match) ref = match[0];
    // The dimension comes before the sheet's data: stop at it, or at the data.
    return !(match || /<(?:\w+:)?sheetData/.test(seen) || seen.length > 64 * 1024);
  }).catch((error) => {
    throw error instanceof ZipRefused ? new WorkbookRefused(error.message, 413) : error;
  });
  if (!ref) return null;
  const [, c1, r1, c2, r2] = /ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/.exec(ref)!;
  if (!c2) return 1;
  return (columnNumber(c2) - columnNumber(c1) + 1) * (Number(r2) - Number(r1) + 1);
}

/** "A" → 1, "Z" → 26, "AA" → 27. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}
