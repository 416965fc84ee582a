import "server-only";
import { prisma } from "@/lib/db/client";
import { writeAuditLog } from "@/lib/audit/write-audit-log";

/**
 * Sign-ins, failed sign-ins to a known account and second-factor changes, in
 * its organization's audit log (issue 46, point 5: a password being guessed
 * shows there). A failure for an unknown email is written nowhere: no
 * organization owns it, and anyone could fill a log with it.
 */
export function auditSignIn(user: { id: number; organization_id: number; department_id: number | null }, action: string, details: Record<string, unknown>, actorId = user.id) {
  return writeAuditLog(prisma, { organization_id: user.organization_id, department_id: user.department_id, user_id: actorId, action, subject_type: "user", subject_id: user.id, details });
}
