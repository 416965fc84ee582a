import "server-only";
import { servesQueueSql } from "@/lib/auth/scope";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { runSql } from "@/lib/db/run-sql";

/** Is anyone who serves this queue signed in to take calls (available, on a call, or wrapping up)? The wallboard's "on duty", the same rule. */
export async function anyoneOnDuty(organizationId: number, departmentId: number | null): Promise<boolean> {
  const [row] = await runSql(prisma).rows<{ on_duty: boolean }>`
    SELECT EXISTS (SELECT 1 FROM agent_statuses a JOIN users u ON u.id = a.user_id
      WHERE a.organization_id = ${organizationId} AND a.status <> 'offline' AND u.active AND ${servesQueueSql(Prisma.sql`${departmentId}::int`)}) AS on_duty`;
  return row?.on_duty ?? false;
}
