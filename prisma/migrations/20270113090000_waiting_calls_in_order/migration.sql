-- The offer engine's walk of an organization's waiting calls (MAKE_OFFER) in
-- the order they are offered (enqueued_at, id): read in that order, the walk
-- stops at the first call someone free may take. Without id in the index the
-- planner sorted every waiting call first and asked of each whether anyone
-- could take it: at a line of a thousand callers, 200-300 ms a pass (issue 61).
CREATE INDEX "queue_entries_waiting_in_order_idx" ON "queue_entries" ("organization_id", "enqueued_at", "id") WHERE "status" = 'waiting';
