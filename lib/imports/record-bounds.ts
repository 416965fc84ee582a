import { readClipped, readDropped } from "./csv-bounds-filter";
import { MAX_CELL_CHARS, MAX_COLUMN_NAME_CHARS, MAX_COLUMNS } from "./record-limits";

// What one CSV record may hold, whatever the file holds (a million columns, a
// 20 MB cell, a 10 MB header line). The text is cut before the parser sees it
// (csv-bounds-filter.ts), leaving markers; here a data row past the bounds
// becomes invalid with the reason, keeping its clipped values for the
// rejected-rows download, and a header past them refuses the import.

export { MAX_CELL_CHARS, MAX_COLUMN_NAME_CHARS, MAX_COLUMNS, MAX_REASON_CHARS } from "./record-limits";

const count = (n: number) => n.toLocaleString("en-US");

/** Cuts text to `max` characters, saying how long it was. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${count(text.length)} characters)`;
}

/** Cells as the filter left them: markers read, anything still too long clipped here. */
function unmark(cells: string[]): { cells: string[]; columns: number; lengths: (number | null)[] } {
  const dropped = readDropped(cells);
  const kept = dropped.cells.slice(0, MAX_COLUMNS);
  const read = kept.map((cell) => {
    const { cell: text, length } = readClipped(cell);
    return text.length > MAX_CELL_CHARS ? { cell: text.slice(0, MAX_CELL_CHARS), length: text.length } : { cell: text, length };
  });
  return { cells: read.map((r) => r.cell), columns: dropped.columns ?? cells.length, lengths: read.map((r) => r.length) };
}

/** A data record within bounds, and why it was cut when it was. */
export function boundRecord(cells: string[]): { cells: string[]; problem: string | null } {
  const read = unmark(cells);
  const problems: string[] = [];
  if (read.columns > MAX_COLUMNS) problems.push(`The row has ${count(read.columns)} columns; at most ${MAX_COLUMNS} are read.`);
  const long = read.lengths.findIndex((length) => length !== null);
  if (long >= 0) problems.push(`Column ${long + 1} holds ${count(read.lengths[long]!)} characters; at most ${count(MAX_CELL_CHARS)} are read.`);
  return problems.length ? { cells: read.cells, problem: problems.join(" ") } : { cells, problem: null };
}

/** Why a header row cannot be used, or null. */
export function headerProblem(cells: string[]): string | null {
  const read = unmark(cells);
  if (read.columns > MAX_COLUMNS) return `The header row has ${count(read.columns)} columns; at most ${MAX_COLUMNS} can be imported.`;
  const lengths = read.cells.map((cell, i) => read.lengths[i] ?? cell.length);
  const long = lengths.findIndex((length) => length > MAX_COLUMN_NAME_CHARS);
  if (long >= 0) return `Column ${long + 1}'s name is ${count(lengths[long])} characters long; at most ${MAX_COLUMN_NAME_CHARS}. Is the first line a header row?`;
  return null;
}

/** Column names as a short list for a message: the first ten, each clipped. */
export function describeColumns(cells: string[]): string {
  const shown = cells.slice(0, 10).map((cell) => clip(cell, 40));
  return shown.join(", ") + (cells.length > 10 ? ` and ${count(cells.length - 10)} more` : "");
}
