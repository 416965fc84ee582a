-- Agent states as a state machine (issue 61, point 3): every change of an
-- agent's state names what moved them, and lib/agents/move-agents.ts checks
-- the move against one table (lib/agents/agent-states.ts) in the statement
-- that makes it. The state the row left is kept beside the new one, set in
-- the same SET that changes it (so it is the row the change locked, never a
-- stale read), and the statement fails through this function on a move the
-- table does not allow: nothing of it is written.
ALTER TABLE "agent_statuses" ADD COLUMN "previous_status" VARCHAR(20);

CREATE FUNCTION agent_move_refused(cause text, was text, became text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'agent state: % may not move an agent from % to %', cause, was, became USING ERRCODE = 'P0001';
END
$$;
