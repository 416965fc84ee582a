-- AlterTable: when the accepting agent's device joined the call. An accepted
-- call whose device never joins goes back to waiting (lib/queue/
-- return-unconnected-calls.ts), and the agent is told why (agent_statuses.notice).
ALTER TABLE "queue_entries" ADD COLUMN "connected_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "agent_statuses" ADD COLUMN "notice" TEXT;

-- CreateIndex: the few accepted calls, found without reading the waiting ones.
CREATE INDEX "queue_entries_accepted_idx" ON "queue_entries" ("accepted_at") WHERE "status" = 'accepted';
