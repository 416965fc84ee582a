-- The not-ready state (busy, missed) an agent goes back to when the wrap-up of
-- a call taken or placed from it ends (issue 61, I4): a call never makes an
-- agent ready. NULL: back to available.
ALTER TABLE "agent_statuses" ADD COLUMN "resume_status" VARCHAR(20);
