import { MAX_CELL_CHARS, MAX_COLUMNS } from "./record-limits";

// Bounds enforced in the text before the CSV parser sees it, so that what the
// parser holds at once stays small whatever the file: a cell is cut after
// MAX_CELL_CHARS characters and a record after MAX_COLUMNS fields. What was cut
// is not lost silently: a marker in the text says so, and boundRecord()
// (record-bounds.ts) turns it into the row's reason. The filter follows CSV's
// quoting (a quoted field may hold delimiters, line breaks and "" quotes), so
// it cuts exactly where the parser would see fields.

const CLIPPED = ["\uE000", "\uE001"] as const; // around the cell's full length
const DROPPED = ["\uE002", "\uE003"] as const; // around the record's full column count

export function clippedMarker(length: number): string {
  return `${CLIPPED[0]}${length}${CLIPPED[1]}`;
}
export function droppedMarker(columns: number): string {
  return `${DROPPED[0]}${columns}${DROPPED[1]}`;
}
const CLIPPED_PATTERN = new RegExp(`${CLIPPED[0]}(\\d+)${CLIPPED[1]}$`);
const DROPPED_PATTERN = new RegExp(`^${DROPPED[0]}(\\d+)${DROPPED[1]}$`);

/** A cell's original length when the filter cut it, and the cell without the marker. */
export function readClipped(cell: string): { cell: string; length: number | null } {
  const match = CLIPPED_PATTERN.exec(cell);
  return match ? { cell: cell.slice(0, match.index), length: Number(match[1]) } : { cell, length: null };
}

/** The record's original column count when the filter dropped columns (its last cell is the marker). */
export function readDropped(cells: string[]): { cells: string[]; columns: number | null } {
  const match = cells.length > 1 ? DROPPED_PATTERN.exec(cells[cells.length - 1]) : null;
  return match ? { cells: cells.slice(0, -1), columns: Number(match[1]) } : { cells, columns: null };
}

export class CsvBoundsFilter {
  private inQuotes = false;
  private pendingQuote = false; // a quote inside a quoted field: closing, or the first of ""
  private fieldLength = 0; // characters of the current field's content
  private clipped = false;
  private columns = 1; // fields begun in the current record
  private atFieldStart = true;

  constructor(
    private readonly delimiter: string,
    private readonly maxCell = MAX_CELL_CHARS,
    private readonly maxColumns = MAX_COLUMNS,
  ) {}

  private get dropping(): boolean {
    return this.columns > this.maxColumns;
  }

  /** Text in, bounded text out; state carries across calls (chunk edges anywhere). */
  push(text: string): string {
    let out = "";
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i];
      if (this.pendingQuote) {
        this.pendingQuote = false;
        if (c === '"') {
          out += this.content('""', 1); // an escaped quote: one character of content
          continue;
        }
        this.inQuotes = false;
        out += this.closeClip() + (this.dropping ? "" : '"');
      }
      if (this.inQuotes) {
        if (c === '"') this.pendingQuote = true;
        else out += this.content(c, 1);
        continue;
      }
      if (c === '"' && this.atFieldStart) {
        this.inQuotes = true;
        this.atFieldStart = false;
        if (!this.dropping) out += c;
      } else if (c === this.delimiter) {
        out += this.closeClip();
        this.columns += 1;
        this.fieldLength = 0;
        this.atFieldStart = true;
        if (!this.dropping) out += c;
      } else if (c === "\n" || c === "\r") {
        out += this.closeClip() + this.endRecord() + c;
      } else {
        this.atFieldStart = false;
        out += this.content(c, 1);
      }
    }
    return out;
  }

  /** What is still held at the end of the text (a quote not yet known to close, a marker). */
  end(): string {
    let out = "";
    if (this.pendingQuote) {
      this.pendingQuote = false;
      this.inQuotes = false;
      out += this.closeClip() + (this.dropping ? "" : '"');
    }
    return out + this.closeClip() + this.endRecord();
  }

  private content(text: string, length: number): string {
    this.fieldLength += length;
    if (this.dropping) return "";
    if (this.fieldLength > this.maxCell) {
      this.clipped = true;
      return "";
    }
    return text;
  }

  private closeClip(): string {
    if (!this.clipped) return "";
    this.clipped = false;
    return this.dropping ? "" : clippedMarker(this.fieldLength);
  }

  private endRecord(): string {
    const marker = this.dropping ? `${this.delimiter}${droppedMarker(this.columns)}` : "";
    this.columns = 1;
    this.fieldLength = 0;
    this.atFieldStart = true;
    return marker;
  }
}
