import { z } from "zod";
import { isTimeZone } from "@/lib/client/format/time-zone";
import { intIdQuery } from "@/lib/http/params";
import { isoDay } from "@/lib/http/date-params";

// The reports' common query, shared by the routes and the reports page.
const date = isoDay();
const timeZone = z.string().max(64).default("UTC").refine(isTimeZone, "Unknown time zone (use a name like America/New_York).");

/** Today on the clock of `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(day) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Without `from`/`to`, a report covers the last 30 days, today included, on the caller's clock (`tz`). */
export const DEFAULT_REPORT_DAYS = 30;

export const reportQuerySchema = z
  .object({
    from: date.optional(),
    to: date.optional(),
    /** The caller's time zone: days and hours are counted on its clock. */
    tz: timeZone,
    department_id: intIdQuery.optional(),
    /** Service level: inbound calls answered within this many seconds. */
    service_level_seconds: z.coerce.number().int().min(1).max(3600).default(20),
    format: z.enum(["json", "csv"]).default("json"),
  })
  .transform((q) => {
    const to = q.to ?? (q.from && q.from > todayIn(q.tz) ? q.from : todayIn(q.tz));
    return { ...q, to, from: q.from ?? daysBefore(to, DEFAULT_REPORT_DAYS - 1) };
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "The range must end on or after its start." });
    if (Date.parse(q.to) - Date.parse(q.from) > 366 * 86_400_000) ctx.addIssue({ code: "custom", path: ["to"], message: "At most a year at a time." });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const liveQuerySchema = z.object({
  tz: timeZone,
  department_id: intIdQuery.optional(),
  service_level_seconds: z.coerce.number().int().min(1).max(3600).default(20),
});
