-- The callers waiting now, by organization and queue, for the metrics read at
-- every scrape (issue 41): the waiting entries only, however long the history.
CREATE INDEX "queue_entries_waiting_idx" ON "queue_entries" ("organization_id", "department_id", "enqueued_at") WHERE "status" = 'waiting';
