import "server-only";
import type { Tx } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import type { MessageChannel } from "@/lib/telephony/text-events";
import { countSegments } from "./segments";

// The one way a message someone sent is stored, whatever the channel (a
// text, WhatsApp, a website visitor; issue 62, point 3): its conversation
// opened (or reopened) and the message kept in one statement. A burst of texts
// is hundreds a second, so the message's id is drawn first and the
// conversation is written already pointing at it. A repeated delivery (the
// same provider SID) stores nothing, and the conversation then points back at
// its real newest message.

/** A message someone sent the organization. */
export interface InboundMessage {
  organizationId: number;
  channel: MessageChannel;
  /** Who wrote: their number, or a web visitor's address. */
  from: string;
  /** Our number it reached ("" for a website visitor). */
  to: string;
  body: string;
  media?: readonly unknown[];
  /** The provider's id of the delivery, when there is one: a second delivery of it stores nothing. */
  providerSid?: string | null;
  /** A keyword the body is (opt_out, opt_in, help), kept with it. */
  keyword?: string | null;
  /** When they sent it. */
  sentAt: Date;
  /** The conversation's department when no contact of that number gives one (a chat widget's). */
  departmentId?: number | null;
  origin?: "provider" | "auto";
}

export interface StoredInbound {
  /** null: a repeated delivery, nothing stored. */
  messageId: bigint | null;
  conversationId: bigint;
  createdAt: Date | null;
}

const STORE_INBOUND = prepared(`
WITH drawn AS (SELECT nextval(pg_get_serial_sequence('messages', 'id')) AS id),
conversation AS (
  INSERT INTO conversations (organization_id, department_id, contact_id, channel, phone, our_number, last_message_id, last_message_at, last_inbound_at)
  SELECT $1::int, COALESCE(ct.department_id, $11::int, (SELECT min(id) FROM departments WHERE organization_id = $1::int)), ct.id, $9::text, $2::text,
         NULLIF($3::text, ''), drawn.id, now(), $10::timestamptz
  FROM drawn LEFT JOIN contacts ct ON ct.organization_id = $1::int AND ct.phone = $2::text
  ON CONFLICT (organization_id, channel, phone) DO UPDATE SET
    contact_id = COALESCE(EXCLUDED.contact_id, conversations.contact_id),
    our_number = COALESCE(EXCLUDED.our_number, conversations.our_number),
    status = 'open',
    last_message_id = GREATEST(conversations.last_message_id, EXCLUDED.last_message_id),
    last_inbound_at = GREATEST(conversations.last_inbound_at, EXCLUDED.last_inbound_at),
    last_message_at = now(), updated_at = now()
  RETURNING id),
stored AS (
  INSERT INTO messages (id, organization_id, conversation_id, direction, body, media, status, provider_sid, from_number, to_number,
                        encoding, segments, keyword, origin, created_at)
  SELECT drawn.id, $1::int, conversation.id, 'inbound', $4::text, $5::jsonb, 'received', $6::text, $2::text, $3::text,
         $7::text, $8::int, $12::text, $13::text, $10::timestamptz
  FROM drawn, conversation
  ON CONFLICT (provider_sid) DO NOTHING RETURNING id, created_at)
SELECT (SELECT id FROM stored)::text AS message_id, (SELECT id FROM conversation)::text AS conversation_id,
       (SELECT created_at FROM stored) AS created_at`);

/** After a repeated delivery: the conversation points at its newest message that exists. */
const POINT_AT_NEWEST = "UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = $1::bigint) WHERE id = $1::bigint";

function parameters(m: InboundMessage): unknown[] {
  const { encoding, segments } = countSegments(m.body);
  return [
    m.organizationId,
    m.from,
    m.to,
    m.body,
    JSON.stringify(m.media ?? []),
    m.providerSid ?? null,
    encoding,
    segments,
    m.channel,
    m.sentAt,
    m.departmentId ?? null,
    m.keyword ?? null,
    m.origin ?? "provider",
  ];
}

type Row = { message_id: string | null; conversation_id: string; created_at: Date | string | null };
const answer = (row: Row): StoredInbound => ({
  messageId: row.message_id === null ? null : BigInt(row.message_id),
  conversationId: BigInt(row.conversation_id),
  createdAt: row.created_at === null ? null : new Date(row.created_at),
});

/** Stores the message on its own: one prepared statement, on any connection. */
export async function storeInboundMessage(message: InboundMessage): Promise<StoredInbound> {
  const [row] = await runSql().rows<Row>(STORE_INBOUND, parameters(message));
  if (row.message_id === null) await runSql().rows(POINT_AT_NEWEST, [row.conversation_id]);
  return answer(row);
}

/** The same, as one step of a transaction (an opt-out and its reply, a visitor's line and their visit). */
export async function storeInboundMessageIn(tx: Tx, message: InboundMessage): Promise<StoredInbound> {
  const [row] = await runSql(tx).rows<Row>(STORE_INBOUND.text, parameters(message));
  if (row.message_id === null) await runSql(tx).count(POINT_AT_NEWEST, [row.conversation_id]);
  return answer(row);
}
