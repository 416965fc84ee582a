import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { runSql } from "@/lib/db/run-sql";
import { AGENT_STATUSES, type AgentState } from "@/lib/agents/agent-status";

export const transferTargetsQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

/** What GET /api/calls/transfer-targets answers (the transfer panel's list). */
export const transferTargetsAnswer = z.object({
  /** Available agents first, then by name; 50 at most. */
  agents: z.array(z.object({ id: z.number().int(), name: z.string(), department: z.string().nullable(), status: z.enum(AGENT_STATUSES) })),
  /** The departments' queues, with how many callers wait in each. */
  queues: z.array(z.object({ id: z.number().int(), name: z.string(), waiting: z.number().int() })),
});

/**
 * Whom an agent on a call can send it to or bring in: the organization's
 * agents (by name, with their state: only the available ones can take it)
 * and its departments' queues (with their waiting calls). Agents see every
 * colleague's name and state here, as a transfer needs, and nothing else.
 */
export async function listTransferTargets({ actor, query }: { actor: SessionUser; query: z.infer<typeof transferTargetsQuerySchema> }): Promise<z.output<typeof transferTargetsAnswer>> {
  const name = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : "%";
  const [agents, queues] = await Promise.all([
    runSql().rows<{ id: number; name: string; department: string | null; status: AgentState }>(
      `SELECT u.id, u.name, d.name AS department, COALESCE(a.status, 'offline') AS status
       FROM users u LEFT JOIN agent_statuses a ON a.user_id = u.id LEFT JOIN departments d ON d.id = u.department_id
       WHERE u.organization_id = $1 AND u.active AND u.role = 'agent' AND u.id <> $2 AND u.name ILIKE $3
       ORDER BY (COALESCE(a.status, 'offline') = 'available') DESC, u.name LIMIT 50`,
      [actor.organization_id, actor.id, name],
    ),
    runSql().rows<{ id: number; name: string; waiting: number }>(
      `SELECT d.id, d.name, (SELECT count(*)::int FROM queue_entries q WHERE q.organization_id = d.organization_id AND q.department_id = d.id AND q.status = 'waiting') AS waiting
       FROM departments d WHERE d.organization_id = $1 AND d.name ILIKE $2 ORDER BY d.name LIMIT 50`,
      [actor.organization_id, name],
    ),
  ]);
  return { agents, queues };
}
