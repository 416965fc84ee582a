-- Issue 44, point 6: new inbound conversations given to agents by the offer
-- rules, up to each agent's own limit of open conversations.
ALTER TABLE "users" ADD COLUMN "max_conversations" INTEGER NOT NULL DEFAULT 5 CHECK ("max_conversations" BETWEEN 1 AND 100);
-- "How many open conversations does each agent hold", asked for every agent considered.
CREATE INDEX "conversations_open_assignee_idx" ON "conversations" ("assigned_user_id") WHERE "status" = 'open' AND "assigned_user_id" IS NOT NULL;
-- The unassigned ones waiting for an agent, oldest first.
CREATE INDEX "conversations_unassigned_idx" ON "conversations" ("organization_id", "last_message_at") WHERE "status" = 'open' AND "assigned_user_id" IS NULL;
-- Timed wrap-ups are looked for once a second.
CREATE INDEX "agent_statuses_wrap_up_idx" ON "agent_statuses" ("changed_at") WHERE "status" = 'wrap_up';
