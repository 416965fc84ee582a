import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import type { Person } from "./find-person";

type Rows = Record<string, unknown>[];

/**
 * Everything the service holds about a person, as the files of their export
 * (issue 47, point 6): the same records an erasure removes, found the same
 * way (find-person.ts), with the names of the people and things they point at
 * instead of bare ids. The provider's addresses of recordings stay out: each
 * recording_file is filled in with its name in the archive once it is written.
 */
export async function personExportData(person: Person): Promise<Record<string, Rows>> {
  const org = person.organizationId;
  const id = person.contactId;
  const phones = person.phones;
  const sids = person.callSids;
  const q = runSql(prisma).rows<Record<string, unknown>>;
  const [contact, calls, conversations, voicemails, campaigns, callbacks, queueWaits, imports, consent, merges] = await Promise.all([
    q`SELECT c.id, c.name, c.phone, c.email, c.company, c.tags, c.custom_fields, c.notes, c.status, c.archived_at, c.opted_out_at, c.last_called_at, c.last_call_outcome,
             c.total_calls, c.legal_hold_at, c.created_at, c.updated_at, d.name AS department, u.name AS created_by
      FROM contacts c JOIN departments d ON d.id = c.department_id LEFT JOIN users u ON u.id = c.created_by_user_id
      WHERE c.id = ${id} AND c.organization_id = ${org}`,
    q`SELECT cl.call_sid, cl.direction, cl.phone_number, cl.status, cl.started_at, cl.answered_at, cl.ended_at, cl.duration, cl.wait_seconds, cl.hold_seconds,
             u.name AS agent, cp.name AS campaign, dp.name AS disposition, cl.notes,
             NULL AS recording_file, cl.recording_duration, cl.recording_deleted_at,
             COALESCE((SELECT jsonb_agg(jsonb_build_object('paused_at', rp.paused_at, 'resumed_at', rp.resumed_at, 'reason', rp.reason) ORDER BY rp.paused_at) FROM recording_pauses rp
                       WHERE rp.organization_id = cl.organization_id AND rp.call_sid = cl.call_sid), '[]'::jsonb) AS recording_pauses,
             COALESCE((SELECT jsonb_agg(jsonb_build_object('amount', p.amount, 'currency', p.currency, 'description', p.description, 'status', p.status, 'card', p.card_number,
                                                           'card_type', p.card_type, 'confirmation_code', p.confirmation_code, 'started_at', p.created_at, 'ended_at', p.ended_at) ORDER BY p.id)
                       FROM call_payments p WHERE p.organization_id = cl.organization_id AND p.call_sid = cl.call_sid), '[]'::jsonb) AS payments,
             cl.created_at
      FROM call_logs cl LEFT JOIN users u ON u.id = cl.user_id LEFT JOIN campaigns cp ON cp.id = cl.campaign_id LEFT JOIN dispositions dp ON dp.id = cl.disposition_id
      WHERE cl.organization_id = ${org} AND cl.call_sid = ANY(${sids}::text[]) ORDER BY cl.created_at, cl.id`,
    q`SELECT cv.id, cv.phone, cv.our_number, cv.status, cv.created_at,
             COALESCE((SELECT jsonb_agg(jsonb_build_object('direction', m.direction, 'from', m.from_number, 'to', m.to_number, 'body', m.body, 'media', m.media, 'status', m.status,
                                                           'error_code', m.error_code, 'sent_by', u.name, 'created_at', m.created_at) ORDER BY m.created_at, m.id)
                       FROM messages m LEFT JOIN users u ON u.id = m.user_id WHERE m.conversation_id = cv.id), '[]'::jsonb) AS messages
      FROM conversations cv WHERE cv.organization_id = ${org} AND (cv.contact_id = ${id} OR cv.phone = ANY(${phones}::text[])) ORDER BY cv.id`,
    q`SELECT v.call_sid, v.from_number, v.to_number, v.reason, v.duration_seconds, v.transcription, v.status, v.created_at,
             NULL AS recording_file, v.recording_deleted_at
      FROM voicemails v WHERE v.organization_id = ${org} AND v.call_sid = ANY(${sids}::text[]) ORDER BY v.created_at`,
    q`SELECT cp.name AS campaign, cc.phone, cc.state, cc.exclusion_reason, cc.attempts, cc.last_attempt_at, cc.last_outcome, cc.created_at
      FROM campaign_contacts cc JOIN campaigns cp ON cp.id = cc.campaign_id WHERE cc.contact_id = ${id} ORDER BY cc.created_at`,
    q`SELECT sc.due_at, sc.status, sc.note, u.name AS owner, sc.created_at FROM scheduled_callbacks sc LEFT JOIN users u ON u.id = sc.owner_id
      WHERE sc.organization_id = ${org} AND sc.contact_id = ${id} ORDER BY sc.due_at`,
    q`SELECT qe.call_sid, qe.from_number, qe.to_number, qe.status, qe.enqueued_at, qe.accepted_at, qe.dequeued_at, qe.callback_requested_at
      FROM queue_entries qe WHERE qe.organization_id = ${org} AND (qe.contact_id = ${id} OR qe.from_number = ANY(${phones}::text[])) ORDER BY qe.enqueued_at`,
    q`SELECT j.source_name AS file, r.row_number, r.status, r.contact AS row, r.errors, j.created_at
      FROM import_rows r JOIN import_jobs j ON j.id = r.import_id
      WHERE j.organization_id = ${org} AND (r.duplicate_id = ${id} OR r.contact->>'phone' = ANY(${phones}::text[])) ORDER BY j.created_at, r.row_number`,
    q`SELECT so.phone, so.opted_out, so.keyword, so.changed_at FROM sms_opt_outs so WHERE so.organization_id = ${org} AND so.phone = ANY(${phones}::text[])`,
    q`SELECT m.mode, m.created_at, m.undone_at, m.snapshot->'removed' AS merged_contacts FROM contact_merges m WHERE m.organization_id = ${org} AND m.primary_id = ${id} ORDER BY m.created_at`,
  ]);
  return { contact, calls, conversations, voicemails, campaigns, scheduled_callbacks: callbacks, queue_waits: queueWaits, import_rows: imports, text_consent: consent, merges };
}
