-- Issue 61, invariant I2: an agent who declined a call is offered it again
-- once no other qualified agent is free and this long after their decline
-- (0-300 s, per queue; 10 by default). Before, a decline was forever: with one
-- agent on duty the caller waited until they hung up.
ALTER TABLE "queues" ADD COLUMN "redecline_after_seconds" INTEGER NOT NULL DEFAULT 10;
ALTER TABLE "queues" ADD CONSTRAINT "queues_redecline_after_seconds_range" CHECK ("redecline_after_seconds" BETWEEN 0 AND 300);
