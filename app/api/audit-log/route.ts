import { listAuditLog, listAuditLogQuery } from "@/lib/audit/list-audit-log";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "audit.read", query: listAuditLogQuery }, ({ user, query }) => listAuditLog({ actor: user, query }));
