// What one CSV record may hold. The parser hands over whole records; these
// bounds keep what we store and echo back small whatever the file holds (a
// million columns, a 20 MB cell, a 10 MB header line): a data row past them is
// invalid with the reason and keeps clipped values for the rejected-rows
// download; a header past them refuses the import. See README, "Imports".

export const MAX_COLUMNS = 200;
export const MAX_CELL_CHARS = 10_000;
export const MAX_COLUMN_NAME_CHARS = 200;
/** Every error text about an import (its failure reason) stays under this. */
export const MAX_REASON_CHARS = 1_000;

const count = (n: number) => n.toLocaleString("en-US");

/** Cuts text to `max` characters, saying how long it was. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${count(text.length)} characters)`;
}

/** A data record within bounds, and why it was cut when it was. */
export function boundRecord(cells: string[]): { cells: string[]; problem: string | null } {
  const problems: string[] = [];
  if (cells.length > MAX_COLUMNS) problems.push(`The row has ${count(cells.length)} columns; at most ${MAX_COLUMNS} are read.`);
  const kept = cells.length > MAX_COLUMNS ? cells.slice(0, MAX_COLUMNS) : cells;
  const long = kept.findIndex((cell) => cell.length > MAX_CELL_CHARS);
  if (long >= 0) problems.push(`Column ${long + 1} holds ${count(kept[long].length)} characters; at most ${count(MAX_CELL_CHARS)} are read.`);
  if (!problems.length) return { cells, problem: null };
  return { cells: kept.map((cell) => (cell.length > MAX_CELL_CHARS ? cell.slice(0, MAX_CELL_CHARS) : cell)), problem: problems.join(" ") };
}

/** Why a header row cannot be used, or null. */
export function headerProblem(cells: string[]): string | null {
  if (cells.length > MAX_COLUMNS) return `The header row has ${count(cells.length)} columns; at most ${MAX_COLUMNS} can be imported.`;
  const long = cells.findIndex((cell) => cell.length > MAX_COLUMN_NAME_CHARS);
  if (long >= 0) return `Column ${long + 1}'s name is ${count(cells[long].length)} characters long; at most ${MAX_COLUMN_NAME_CHARS}. Is the first line a header row?`;
  return null;
}

/** Column names as a short list for a message: the first ten, each clipped. */
export function describeColumns(cells: string[]): string {
  const shown = cells.slice(0, 10).map((cell) => clip(cell, 40));
  return shown.join(", ") + (cells.length > 10 ? ` and ${count(cells.length - 10)} more` : "");
}
