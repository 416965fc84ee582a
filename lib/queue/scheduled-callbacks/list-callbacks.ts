import "server-only";
import { departmentScope, scopeSql, seesOwnCallsOnly } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { callPathSettings } from "@/lib/settings/get-settings";
import { contactZones, wallTime } from "./calling-hours";
import type { CallbackAnswer } from "./schemas";

interface Row {
  id: bigint;
  due_at: Date;
  status: string;
  note: string | null;
  queue_entry_id: bigint | null;
  created_at: Date;
  contact_id: bigint;
  contact_name: string;
  phone: string;
  owner_id: number | null;
  owner_name: string | null;
  queue_id: number;
  queue_name: string | null;
  entry_status: string | null;
  organization_id: number;
}

/**
 * The callbacks the caller may see: an agent theirs (owned or scheduled by
 * them), a manager their department's contacts', an admin the
 * organization's; `upcoming` (the default) those not yet done, soonest first.
 * `only`: one of them.
 */
export async function listCallbacks({ actor, status = "upcoming", only }: { actor: SessionUser; status?: "upcoming" | "all"; only?: bigint }): Promise<{ data: CallbackAnswer[] }> {
  const conditions = [
    ...scopeSql(departmentScope(actor), "c"),
    ...(seesOwnCallsOnly(actor) ? [Prisma.sql`(s.owner_id = ${actor.id} OR s.created_by_user_id = ${actor.id})`] : []),
    ...(only === undefined ? [] : [Prisma.sql`s.id = ${only}`]),
    ...(status === "upcoming" && only === undefined ? [Prisma.sql`(s.status = 'scheduled' OR (s.status = 'due' AND e.status IN ('waiting', 'accepted')))`] : []),
  ];
  const rows = await runSql(prisma).rows<Row>`
    SELECT s.id, s.due_at, s.status, s.note, s.queue_entry_id, s.created_at, s.organization_id,
           c.id AS contact_id, c.name AS contact_name, c.phone, s.owner_id, o.name AS owner_name,
           q.id AS queue_id, d.name AS queue_name, e.status AS entry_status
    FROM scheduled_callbacks s
    JOIN contacts c ON c.id = s.contact_id AND c.organization_id = s.organization_id
    JOIN queues q ON q.id = s.queue_id LEFT JOIN departments d ON d.id = q.department_id
    LEFT JOIN users o ON o.id = s.owner_id
    LEFT JOIN queue_entries e ON e.id = s.queue_entry_id
    WHERE s.organization_id = ${actor.organization_id} AND ${Prisma.join([Prisma.sql`TRUE`, ...conditions], " AND ")}
    ORDER BY s.due_at, s.id LIMIT 200`;
  const zone = (await callPathSettings(actor.organization_id, "organization")).time_zone;
  return { data: rows.map((row) => serializeCallback(row, zone)) };
}

function callbackStatus(row: Row): CallbackAnswer["status"] {
  if (row.status === "scheduled" || row.status === "cancelled") return row.status;
  if (row.entry_status === "accepted") return "in_progress";
  if (row.entry_status === "completed") return "completed";
  if (row.entry_status === "abandoned") return "missed";
  return "due";
}

function serializeCallback(row: Row, organizationZone: string): CallbackAnswer {
  const [contactZone] = contactZones(row.phone, organizationZone);
  return {
    id: Number(row.id),
    status: callbackStatus(row),
    at: row.due_at,
    contact: { id: Number(row.contact_id), name: row.contact_name, phone: row.phone },
    contact_time_zone: contactZone,
    at_contact_time: wallTime(row.due_at, contactZone),
    organization_time_zone: organizationZone,
    at_organization_time: wallTime(row.due_at, organizationZone),
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name },
    queue: { id: row.queue_id, name: row.queue_name ?? "General" },
    note: row.note,
    queue_entry_id: row.queue_entry_id === null ? null : Number(row.queue_entry_id),
    created_at: row.created_at,
  };
}
