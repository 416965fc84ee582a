-- Why a caller an agent accepted came back to the line (issue 61, I5): the
-- agent's device never joined, they went offline, signed out, or their
-- sessions were ended. NULL: the call never left the line.
ALTER TABLE "queue_entries" ADD COLUMN "returned_reason" VARCHAR(32);
