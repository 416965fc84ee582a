import { auditPageAnswer, listAuditLog, listAuditLogQuery } from "@/lib/audit/list-audit-log";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "audit.read", query: listAuditLogQuery, answers: auditPageAnswer }, ({ user, query }) => listAuditLog({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
