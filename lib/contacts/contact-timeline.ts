import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { pageOf, paginationSchema, skipTake } from "@/lib/http/pagination";
import { findContactForAction } from "./contact-access";
import { TIMELINE_TYPES, type TimelineEntry, type TimelineType } from "./timeline-answer";
import { runSql } from "@/lib/db/run-sql";

export const contactTimelineQuery = paginationSchema.extend({
  /** Narrow to some kinds of entry (comma-separated), e.g. `call,message`. */
  types: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const types = [
        ...new Set(
          s
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = types.filter((t) => !(TIMELINE_TYPES as readonly string[]).includes(t));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `unknown type ${unknown.join(", ")}: use ${TIMELINE_TYPES.join(", ")}.` });
      return types as TimelineType[];
    }),
});

/**
 * Everything that happened to a contact, newest first, a page at a time:
 * its creation (by whom, or by which import), calls (with recording, notes
 * and the campaign they belonged to), text messages, campaigns it was in
 * (attempts, last outcome, why it was left out), imports that matched it as
 * a duplicate (and updated or skipped it), merges that kept it, and opt-outs
 * of calls and texts. Whoever may read the contact sees its whole story:
 * each source is read by the contact (and its organization), never widened.
 */
export async function contactTimeline({ actor, id, query }: { actor: SessionUser; id: bigint; query: z.infer<typeof contactTimelineQuery> }) {
  const contact = await findContactForAction(prisma, actor, id);
  const org = contact.organization_id;
  const sources: Record<TimelineType, Prisma.Sql> = {
    created: Prisma.sql`
      SELECT 'created' AS type, c.id::text AS ref, c.created_at AS at,
             jsonb_build_object('user_name', u.name, 'import_id', c.import_id, 'import_file', ij.source_name) AS details
      FROM contacts c LEFT JOIN users u ON u.id = c.created_by_user_id LEFT JOIN import_jobs ij ON ij.id = c.import_id
      WHERE c.id = ${id}`,
    call: Prisma.sql`
      SELECT 'call' AS type, cl.id::text AS ref, cl.created_at AS at,
             jsonb_build_object('call_log_id', cl.id, 'call_sid', cl.call_sid, 'direction', cl.direction, 'status', cl.status,
                                'duration', cl.duration, 'phone_number', cl.phone_number, 'user_name', u.name, 'notes', cl.notes,
                                'recording_url', CASE WHEN cl.recording_url IS NOT NULL THEN '/api/calls/' || cl.call_sid || '/recording' END, 'campaign_id', cl.campaign_id, 'campaign_name', cp.name,
                                'disposition_id', cl.disposition_id, 'disposition', dp.name, 'disposition_is_success', dp.is_success) AS details
      FROM call_logs cl LEFT JOIN users u ON u.id = cl.user_id LEFT JOIN campaigns cp ON cp.id = cl.campaign_id
      LEFT JOIN dispositions dp ON dp.id = cl.disposition_id AND dp.organization_id = cl.organization_id
      WHERE cl.contact_id = ${id} AND cl.organization_id = ${org}`,
    message: Prisma.sql`
      SELECT 'message' AS type, m.id::text AS ref, m.created_at AS at,
             jsonb_build_object('message_id', m.id, 'conversation_id', m.conversation_id, 'channel', cv.channel, 'direction', m.direction, 'body', m.body,
                                'status', m.status, 'user_name', u.name) AS details
      FROM conversations cv JOIN messages m ON m.conversation_id = cv.id LEFT JOIN users u ON u.id = m.user_id
      WHERE cv.contact_id = ${id} AND cv.organization_id = ${org}`,
    campaign: Prisma.sql`
      SELECT 'campaign' AS type, cc.id::text AS ref, COALESCE(cc.last_attempt_at, cc.created_at) AS at,
             jsonb_build_object('campaign_id', cp.id, 'campaign_name', cp.name, 'state', cc.state, 'attempts', cc.attempts,
                                'last_outcome', cc.last_outcome, 'exclusion_reason', cc.exclusion_reason, 'next_attempt_at', cc.next_attempt_at) AS details
      FROM campaign_contacts cc JOIN campaigns cp ON cp.id = cc.campaign_id
      WHERE cc.contact_id = ${id} AND cp.organization_id = ${org}`,
    import: Prisma.sql`
      SELECT 'import' AS type, ij.id::text AS ref, COALESCE(ij.finished_at, ij.created_at) AS at,
             jsonb_build_object('import_id', ij.id, 'import_file', ij.source_name, 'row', r.row_number, 'user_name', u.name,
                                'action', CASE WHEN ij.options->>'duplicate_handling' = 'update' THEN 'updated' ELSE 'skipped' END) AS details
      FROM import_rows r JOIN import_jobs ij ON ij.id = r.import_id LEFT JOIN users u ON u.id = ij.user_id
      WHERE r.duplicate_id = ${id} AND ij.organization_id = ${org} AND ij.status = 'completed'`,
    merge: Prisma.sql`
      SELECT 'merge' AS type, cm.id::text AS ref, cm.created_at AS at,
             jsonb_build_object('merge_id', cm.id, 'mode', cm.mode, 'user_name', u.name, 'undone_at', cm.undone_at,
                                'merged_names', COALESCE((SELECT jsonb_agg(r->>'name') FROM jsonb_array_elements(cm.snapshot->'removed') r), '[]'::jsonb)) AS details
      FROM contact_merges cm LEFT JOIN users u ON u.id = cm.user_id
      WHERE cm.primary_id = ${id} AND cm.organization_id = ${org}`,
    // Opt-outs as they stand: of calls (the contact's flag) and of texts (STOP/START by its number).
    opt_out: Prisma.sql`
      SELECT 'opt_out' AS type, 'calls' AS ref, c.opted_out_at AS at, jsonb_build_object('channel', 'calls', 'opted_out', true) AS details
      FROM contacts c WHERE c.id = ${id} AND c.opted_out_at IS NOT NULL
      UNION ALL
      SELECT 'opt_out', CASE so.channel WHEN 'sms' THEN 'texts' ELSE so.channel END, so.changed_at,
             jsonb_build_object('channel', CASE so.channel WHEN 'sms' THEN 'texts' ELSE so.channel END, 'opted_out', so.opted_out, 'keyword', so.keyword)
      FROM contacts c JOIN sms_opt_outs so ON so.organization_id = c.organization_id AND so.phone = c.phone
      WHERE c.id = ${id}`,
  };
  const chosen = query.types ?? TIMELINE_TYPES;
  const union = Prisma.join(
    chosen.map((type) => sources[type]),
    " UNION ALL ",
  );
  const { skip, take } = skipTake(query);
  const [rows, [{ total }]] = await Promise.all([
    runSql(prisma).rows<{ type: TimelineType; ref: string; at: Date; details: Record<string, unknown> }>`
      SELECT type, ref, at, details FROM (${union}) t ORDER BY at DESC, type, ref DESC LIMIT ${take} OFFSET ${skip}`,
    runSql(prisma).rows<{ total: number }>`SELECT count(*)::int AS total FROM (${union}) t`,
  ]);
  const data: TimelineEntry[] = rows.map((r) => ({ id: `${r.type}-${r.ref}`, type: r.type, at: r.at, details: r.details }));
  return pageOf(data, total, query);
}
