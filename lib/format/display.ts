import { parsePhoneNumberFromString } from "libphonenumber-js";

// How the pages show numbers, times and durations (browser and server alike).

export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return "—";
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "—";
  return new Date(value).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A table cell's time: "Nov 18, 3:35 AM" this year, "Nov 18, 2025" before (the full time is its title). */
export function formatShortDateTime(value: string | Date | null | undefined, now = new Date()): string {
  if (!value) return "—";
  const date = new Date(value);
  return date.getFullYear() === now.getFullYear()
    ? date.toLocaleString(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })
    : date.toLocaleDateString(undefined, { dateStyle: "medium" });
}

/** "1 contact", "79 contacts", "1,200 contacts": a count with its noun (plural by "s"). */
export function formatCount(n: number, noun: string): string {
  return `${n.toLocaleString()} ${noun}${n === 1 ? "" : "s"}`;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "—";
  return new Date(value).toLocaleDateString(undefined, { dateStyle: "medium" });
}

/** A call's outcome as people say it ("No answer"), not the stored value ("no-answer"). */
export const CALL_OUTCOME_LABEL: Record<string, string> = { completed: "Answered", "no-answer": "No answer", busy: "Busy", failed: "Failed", canceled: "Canceled", voicemail: "Voicemail", machine: "Answering machine" };
export function outcomeLabel(outcome: string): string {
  return CALL_OUTCOME_LABEL[outcome] ?? outcome.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export const CALL_STATUS_BADGE: Record<string, string> = { completed: "ok", "no-answer": "warn", busy: "warn", failed: "danger" };
export const DIRECTION_LABEL: Record<string, string> = { inbound: "Inbound", "outbound-manual": "Outbound", "outbound-campaign": "Campaign" };
