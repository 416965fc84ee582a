import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Person } from "./find-person";
import { mentions } from "./mentions";
import { eraseUploads } from "./person-uploads";

/** What an erasure removed or blanked, by kind of record: counts only, never what they held. */
export interface ErasedCounts {
  contact: number;
  calls: number;
  call_events: number;
  conversations: number;
  messages: number;
  voicemails: number;
  queue_entries: number;
  scheduled_callbacks: number;
  campaign_entries: number;
  import_rows: number;
  /** Raw files of validated imports that held the person (person-uploads.ts). */
  import_uploads: number;
  /** Web chat visitors who left one of the person's addresses: the visitor and their conversation. */
  chat_visitors: number;
  merges: number;
  events: number;
  webhook_deliveries: number;
  audit_entries: number;
}

/**
 * The second step of an erasure, in one transaction: every record of the
 * person here is deleted, or, where the record is also the organization's
 * (a call happened, an agent took it, a report counts it), kept without what
 * named the person. The contact goes last. The statements run in order: the
 * calls are found by their sids before their numbers are blanked.
 */
export async function erasePersonRecords(tx: Tx, person: Person): Promise<ErasedCounts> {
  const run = runSql(tx).count;
  const org = person.organizationId;
  const id = person.contactId;
  const phones = person.phones;
  const sids = person.callSids;

  const emails = person.emails.map((e) => e.toLowerCase());

  // A web chat has no number: its visitor is the person when they left one of the person's addresses.
  const conversationIds = (
    await runSql(tx).rows<{ id: bigint }>`
    SELECT id FROM conversations WHERE organization_id = ${org} AND (contact_id = ${id} OR phone = ANY(${phones}::text[])
      OR (channel = 'web' AND phone IN (SELECT 'web:' || v.id FROM chat_visitors v WHERE v.organization_id = ${org} AND lower(v.email) = ANY(${emails}::text[]))))`
  ).map((c) => c.id);
  const [{ messages }] = await runSql(tx).rows<{ messages: number }>`SELECT count(*)::int AS messages FROM messages WHERE conversation_id = ANY(${conversationIds}::bigint[])`;
  const [{ campaign_entries }] = await runSql(tx).rows<{ campaign_entries: number }>`SELECT count(*)::int AS campaign_entries FROM campaign_contacts WHERE contact_id = ${id}`;

  const counts: ErasedCounts = {
    contact: 0,
    // Calls stay (who took them, when, how long: the reports' figures) without the number, the notes or the contact.
    calls: await run`UPDATE call_logs SET phone_number = '', notes = NULL, contact_id = NULL, recording_url = NULL, recording_sid = NULL, recording_duration = NULL
      WHERE organization_id = ${org} AND call_sid = ANY(${sids}::text[])`,
    call_events: await run`DELETE FROM call_events WHERE organization_id = ${org} AND call_sid = ANY(${sids}::text[])`,
    conversations: 0,
    messages,
    voicemails: await run`DELETE FROM voicemails WHERE organization_id = ${org} AND call_sid = ANY(${sids}::text[])`,
    // A queue's history (waits, abandoned callers) stays in its figures, without who waited.
    queue_entries: await run`UPDATE queue_entries SET from_number = '', contact_id = NULL
      WHERE organization_id = ${org} AND (contact_id = ${id} OR from_number = ANY(${phones}::text[]))`,
    scheduled_callbacks: await run`DELETE FROM scheduled_callbacks WHERE organization_id = ${org} AND contact_id = ${id}`,
    campaign_entries,
    // Before the staged rows: they say which imports' files hold the person.
    import_uploads: await eraseUploads(tx, person),
    import_rows: await run`DELETE FROM import_rows r USING import_jobs j
      WHERE j.id = r.import_id AND j.organization_id = ${org} AND (r.duplicate_id = ${id} OR ${mentions(Prisma.sql`r.contact`, person)} OR ${mentions(Prisma.sql`r.errors`, person)})`,
    chat_visitors: await run`DELETE FROM chat_visitors WHERE organization_id = ${org} AND lower(email) = ANY(${emails}::text[])`,
    merges: await run`DELETE FROM contact_merges m WHERE m.organization_id = ${org} AND (m.primary_id = ${id} OR ${mentions(Prisma.sql`m.snapshot`, person)})`,
    events: await run`DELETE FROM events e WHERE e.organization_id = ${org} AND ${mentions(Prisma.sql`e.data`, person)}`,
    webhook_deliveries: 0,
    audit_entries: 0,
  };

  await run`UPDATE live_calls SET number = '', contact_id = NULL, recording_url = NULL WHERE organization_id = ${org} AND call_sid = ANY(${sids}::text[])`;
  // A payment taken stays the organization's record (amount, outcome, the processor's reference) without what showed the card or why.
  await run`UPDATE call_payments SET card_number = NULL, card_type = NULL, description = NULL WHERE organization_id = ${org} AND call_sid = ANY(${sids}::text[])`;
  await run`UPDATE call_participants p SET number = NULL FROM live_calls l WHERE l.id = p.live_call_id AND l.organization_id = ${org} AND (l.call_sid = ANY(${sids}::text[])
    OR p.number = ANY(${phones}::text[]))`;
  await run`DELETE FROM early_leg_callbacks c WHERE c.organization_id = ${org} AND ${mentions(Prisma.sql`c.data`, person)}`;
  await run`DELETE FROM drafts WHERE organization_id = ${org} AND ((kind = 'call_notes' AND ref = ANY(${sids}::text[])) OR (kind = 'reply' AND ref = ANY(${conversationIds.map(String)}::text[])))`;
  await run`DELETE FROM conversation_reads WHERE conversation_id = ANY(${conversationIds}::bigint[])`;
  await run`DELETE FROM messages WHERE conversation_id = ANY(${conversationIds}::bigint[])`;
  counts.conversations = await run`DELETE FROM conversations WHERE id = ANY(${conversationIds}::bigint[])`;
  await run`DELETE FROM sms_opt_outs WHERE organization_id = ${org} AND phone = ANY(${phones}::text[])`;
  await run`DELETE FROM duplicate_dismissals WHERE organization_id = ${org} AND (contact_a = ${id} OR contact_b = ${id})`;

  // Webhooks not yet sent are not sent; those sent keep their row (the endpoint's history) without the body.
  await run`DELETE FROM webhook_outbox o WHERE o.organization_id = ${org} AND ${mentions(Prisma.sql`o.payload`, person)}`;
  counts.webhook_deliveries =
    (await run`DELETE FROM webhook_deliveries d WHERE d.organization_id = ${org} AND d.status = 'pending' AND d.attempts = 0 AND ${mentions(Prisma.sql`d.payload`, person)}`) +
    (await run`UPDATE webhook_deliveries d SET payload = jsonb_build_object('type', d.payload->'type', 'timestamp', d.payload->'timestamp', 'erased', true), last_error = NULL,
      status = CASE WHEN d.status = 'delivered' THEN d.status ELSE 'failed' END
      WHERE d.organization_id = ${org} AND ${mentions(Prisma.sql`d.payload`, person)}`);
  // The audit trail keeps who did what and when; what it said of the person goes.
  counts.audit_entries = await run`UPDATE audit_logs a SET details = '{"erased": true}'::jsonb
    WHERE a.organization_id = ${org} AND ((a.subject_type = 'contact' AND a.subject_id = ${String(id)}) OR ${mentions(Prisma.sql`a.details`, person)})`;

  counts.contact = await run`DELETE FROM contacts WHERE id = ${id} AND organization_id = ${org}`;
  return counts;
}
