-- Reports count transfers (parent_call_sid), hold time and dispositions since
-- the one call model (issue 22), and those columns were not in the covering
-- index: every report fell back to reading the heap for each call of the range
-- (the summary at 1,000,000 call logs went from 92-278 ms to 419 ms p95,
-- issue 40). They ride along now, so a range is answered from the index alone.
DROP INDEX IF EXISTS "call_logs_report_idx";
CREATE INDEX "call_logs_report_idx" ON "call_logs"("organization_id", "created_at") INCLUDE ("direction", "status", "user_id", "department_id", "duration", "wait_seconds", "campaign_id", "contact_id", "parent_call_sid", "hold_seconds", "disposition_id");

-- Calls by disposition read only the calls that have one: without this the
-- summary's second statement scanned the whole table in parallel beside the
-- first (74 ms of three processes' time at 1,000,000 call logs, 0.05 ms with it).
CREATE INDEX "call_logs_disposition_report_idx" ON "call_logs"("organization_id", "created_at") INCLUDE ("disposition_id", "department_id", "user_id") WHERE "disposition_id" IS NOT NULL;
