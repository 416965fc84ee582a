// Cell values as a spreadsheet shows them, from what the file stores: the
// text of shared and inline strings, TRUE/FALSE, dates (stored as day numbers
// since 1900, or 1904) as ISO dates, numbers with the decimals of their format.

/** Excel's built-in number formats, by id (the ones a contact list meets). */
export const BUILTIN_FORMATS: Record<number, string> = {
  0: "General",
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  14: "m/d/yyyy",
  15: "d-mmm-yy",
  16: "d-mmm",
  17: "mmm-yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "m/d/yyyy h:mm",
  37: "#,##0 ;(#,##0)",
  38: "#,##0 ;[Red](#,##0)",
  39: "#,##0.00;(#,##0.00)",
  40: "#,##0.00;[Red](#,##0.00)",
  45: "mm:ss",
  46: "[h]:mm:ss",
  47: "mmss.0",
  48: "##0.0E+0",
  49: "@",
};

/** The format's first section without quoted text, escapes and [colour] tags: what says whether it is a date. */
function bare(format: string): string {
  return format
    .split(";")[0]
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/\[[^\]]*\]/g, "");
}

export function isDateFormat(format: string): boolean {
  return /[dmyhs]/i.test(bare(format)) && !/^general$/i.test(format.trim());
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A day number as an ISO date, with the time when the format shows one. */
function dateText(serial: number, format: string, date1904: boolean): string {
  const ms = Math.round((serial + (date1904 ? 1462 : 0) - 25569) * 86_400_000);
  const d = new Date(ms);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const f = bare(format).toLowerCase();
  if (!/[hs]/.test(f)) return date;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${/s/.test(f) ? `:${pad(d.getUTCSeconds())}` : ""}`;
  return serial < 1 ? time : `${date} ${time}`;
}

/** A number as its format shows it: decimals and percent applied; no thousands separators (they would read as a second value). */
function numberText(raw: string, format: string): string {
  const n = Number(raw);
  if (!Number.isFinite(n)) return raw;
  const f = bare(format);
  if (/^general$/i.test(format.trim()) || f === "@" || !/[0#?]/.test(f)) {
    // Whole numbers (phone numbers stored as numbers) keep every digit, never 1.2E+10.
    return /e/i.test(raw) ? n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 15 }) : raw;
  }
  const decimals = /\.([0#?]+)/.exec(f)?.[1].length ?? 0;
  if (f.includes("%")) return `${(n * 100).toFixed(decimals)}%`;
  return n.toFixed(decimals);
}

export function cellText({ type, raw, format, strings, date1904, isDate }: { type: string; raw: string; format: string; strings: string[]; date1904: boolean; isDate: boolean }): string {
  switch (type) {
    case "s":
      return strings[Number(raw)] ?? "";
    case "inlineStr":
    case "str":
    case "e":
      return raw;
    case "b":
      return raw === "1" ? "TRUE" : "FALSE";
    case "d":
      return raw; // an ISO date already
    default:
      if (raw === "") return "";
      return isDate && Number.isFinite(Number(raw)) ? dateText(Number(raw), format, date1904) : numberText(raw, format);
  }
}
