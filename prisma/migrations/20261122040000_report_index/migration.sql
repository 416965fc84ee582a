-- CreateIndex: reports read a date range of an organization's call logs; the
-- columns they count ride along, so a range is answered from the index alone.
CREATE INDEX "call_logs_report_idx" ON "call_logs"("organization_id", "created_at") INCLUDE ("direction", "status", "user_id", "department_id", "duration", "wait_seconds", "campaign_id", "contact_id");
