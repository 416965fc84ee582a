import { parsePhoneNumberFromString } from "libphonenumber-js";

// How the pages show numbers, times and durations (browser and server alike).

// Parsed once per number: a list is drawn again on every live event, and
// parsing is the costliest part of a row on a phone. Bounded: the oldest go first.
const phones = new Map<string, string>();

export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return "—";
  let shown = phones.get(e164);
  if (shown === undefined) {
    shown = parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
    if (phones.size >= 2000) phones.delete(phones.keys().next().value!);
    phones.set(e164, shown);
  }
  return shown;
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

// Times are shown on the organization's clock (Settings → Organization), not
// the browser's: a team spread over zones reads the same times in lists and
// reports. The app's providers set it once, on the client, before any page
// renders (app/(app)/layout.tsx reads it on the server); unset, the browser's zone.
let displayZone: string | undefined;

export function setDisplayTimeZone(zone: string | undefined): void {
  displayZone = zone;
}

let browserZone: string | undefined;

/**
 * The organization's zone, or the browser's until the app frame names one. The browser's is asked
 * once: Intl.DateTimeFormat().resolvedOptions() builds a formatter, 9 ms of a phone's page load
 * each time (a hook asked it on every render of every phone field, issue 45).
 */
export function displayTimeZone(): string {
  return displayZone ?? (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
}

// One formatter per shape and zone, made once: toLocaleString with options
// builds a new Intl.DateTimeFormat (ICU's locale and zone data) on every call,
// about a millisecond each on a phone, and a table of calls asks for hundreds
// (the Call history's hydration spent 470 ms of a 4x-throttled load there).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

// The language times are written in: the browser's, except while a page's HTML text is written (below).
let displayLocale: string | undefined;

/**
 * `format` as the server writes it into a page's HTML: on `zone`'s clock, in English (the server
 * cannot know the browser's language). The browser asks the same while it hydrates, to match it.
 * Synchronous, so setting the module's zone for the call cannot leak into another request's render.
 */
export function formatAsServer<T>(zone: string, format: () => T): T {
  const before = [displayZone, displayLocale] as const;
  [displayZone, displayLocale] = [zone, "en-US"];
  try {
    return format();
  } finally {
    [displayZone, displayLocale] = before;
  }
}

/** The organization's clock's formatter for this shape (the browser's zone until the app frame names one). */
const shown = (options: Intl.DateTimeFormatOptions) => ({
  // format() throws on an invalid date where toLocaleString said "Invalid Date"; a page shows the dash instead.
  format: (date: Date) => (Number.isNaN(date.getTime()) ? "—" : formatter(displayLocale, { ...options, timeZone: displayZone }).format(date)),
});

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "—";
  return shown({ dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}

/** A table cell's time: "Nov 18, 3:35 AM" this year, "Nov 18, 2025" before (the full time is its title). */
export function formatShortDateTime(value: string | Date | null | undefined, now = new Date()): string {
  if (!value) return "—";
  const date = new Date(value);
  // The year on the organization's clock, as the server's render and the browser's both see it.
  const year = (d: Date) => (Number.isNaN(d.getTime()) ? "" : formatter("en-CA", { timeZone: displayZone, year: "numeric" }).format(d));
  return year(date) === year(now) ? shown({ month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(date) : shown({ dateStyle: "medium" }).format(date);
}

/** A time of day on the organization's clock: "3:35 PM" ("3:35:08 PM" with seconds). */
export function formatTime(value: string | Date | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  if (!value) return "—";
  return shown({ hour: "numeric", minute: "2-digit", ...(seconds && { second: "2-digit" }) }).format(new Date(value));
}

/** A list's time: the time of day when it is today on the organization's clock, else the date. */
export function formatListTime(value: string | Date | null | undefined, now = new Date()): string {
  if (!value) return "—";
  const day = (d: Date) => (Number.isNaN(d.getTime()) ? "" : formatter("en-CA", { timeZone: displayZone }).format(d));
  return day(new Date(value)) === day(now) ? formatTime(value) : formatDate(value);
}

/**
 * A time for a sentence the server writes, on a named clock and saying which:
 * "Nov 27, 2026, 9:00 AM (America/New York)". Never an ISO string where a person reads.
 */
export function formatInZone(value: Date, zone: string): string {
  return `${formatter("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(value)} (${zone.replaceAll("_", " ")})`;
}

/** "1 contact", "79 contacts", "1,200 contacts": a count with its noun (plural by "s"). */
export function formatCount(n: number, noun: string): string {
  return `${formatNumber(n)} ${noun}${n === 1 ? "" : "s"}`;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "—";
  return shown({ dateStyle: "medium" }).format(new Date(value));
}

/** A call's outcome as people say it ("No answer"), not the stored value ("no-answer"). */
export const CALL_OUTCOME_LABEL: Record<string, string> = {
  completed: "Answered",
  "no-answer": "No answer",
  busy: "Busy",
  failed: "Failed",
  canceled: "Canceled",
  voicemail: "Voicemail",
  machine: "Answering machine",
};
export function outcomeLabel(outcome: string): string {
  return CALL_OUTCOME_LABEL[outcome] ?? outcome.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export const CALL_STATUS_BADGE: Record<string, string> = { completed: "ok", "no-answer": "warn", busy: "warn", failed: "danger" };
export const DIRECTION_LABEL: Record<string, string> = { inbound: "Inbound", "outbound-manual": "Outbound", "outbound-campaign": "Campaign" };

// One number format, English as the pages are: the server's HTML and the browser's render write
// the same digits (a browser in another language would not match the HTML), and toLocaleString
// without it builds a formatter per call.
const numbers = new Intl.NumberFormat("en-US");

/** 12345 → "12,345". */
export function formatNumber(n: number): string {
  return numbers.format(n);
}
