import { Prisma } from "@/lib/generated/prisma/client";
import { oneOf } from "@/lib/http/answer-schemas";
import type { ConversationAnswer } from "./conversation-answer";
import { MESSAGE_ANSWER_STATUSES, MESSAGE_DIRECTIONS } from "./message-answer";
import { CONVERSATION_STATUSES, MESSAGE_CHANNELS } from "./schemas";
import { whatsappWindow } from "@/lib/messages/whatsapp/whatsapp-schemas";

// A conversation as lists and threads show it, read with conversationColumns
// (alias c; the contact of its number as ct, the assignee as au, the last
// message as lm, the reader's read marker as r).

export const conversationJoins = (userId: number) => Prisma.sql`
  LEFT JOIN contacts ct ON ct.organization_id = c.organization_id AND ct.phone = c.phone
  LEFT JOIN users au ON au.id = c.assigned_user_id
  LEFT JOIN messages lm ON lm.id = c.last_message_id
  LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ${userId}
  LEFT JOIN sms_opt_outs so ON so.organization_id = c.organization_id AND so.channel = c.channel AND so.phone = c.phone AND so.opted_out`;

// Unread: incoming messages after the reader's marker, counted up to 100 ("99+" is enough for a badge).
export const CONVERSATION_COLUMNS = Prisma.sql`c.id, c.channel, c.last_inbound_at, c.phone, c.our_number, c.status, c.department_id, c.last_message_at, c.created_at,
  ct.id AS contact_id, ct.name AS contact_name, ct.company AS contact_company, ct.email AS contact_email, c.assigned_user_id, au.name AS assigned_name,
  lm.id AS last_id, lm.body AS last_body, lm.direction AS last_direction, lm.status AS last_status, lm.created_at AS last_created_at,
  so.changed_at AS sms_opted_out_at,
  (SELECT count(*)::int FROM (SELECT 1 FROM messages um WHERE um.conversation_id = c.id AND um.direction = 'inbound'
     AND um.id > COALESCE(r.last_read_message_id, 0) LIMIT 100) AS unread) AS unread_count`;

export interface ConversationRow {
  id: bigint;
  channel: string;
  last_inbound_at: Date | null;
  phone: string;
  our_number: string | null;
  status: string;
  department_id: number | null;
  last_message_at: Date;
  created_at: Date;
  contact_id: bigint | null;
  contact_name: string | null;
  contact_company: string | null;
  contact_email: string | null;
  assigned_user_id: number | null;
  assigned_name: string | null;
  last_id: bigint | null;
  last_body: string | null;
  last_direction: string | null;
  last_status: string | null;
  last_created_at: Date | null;
  sms_opted_out_at: Date | null;
  unread_count: number;
}

/** The conversation as conversation-answer.ts says it; its texts' columns hold what the code wrote. */
export function serializeConversation(row: ConversationRow): ConversationAnswer {
  return {
    id: Number(row.id),
    channel: oneOf(MESSAGE_CHANNELS, row.channel, "sms"),
    whatsapp_window: row.channel === "whatsapp" ? whatsappWindow(row.last_inbound_at) : null,
    phone: row.phone,
    our_number: row.our_number,
    contact: row.contact_id === null ? null : { id: Number(row.contact_id), name: row.contact_name ?? "", company: row.contact_company, email: row.contact_email },
    status: oneOf(CONVERSATION_STATUSES, row.status, "open"),
    department_id: row.department_id,
    assigned_user: row.assigned_user_id === null ? null : { id: row.assigned_user_id, name: row.assigned_name },
    unread_count: row.unread_count,
    last_message:
      row.last_id === null
        ? null
        : {
            id: Number(row.last_id),
            body: row.last_body,
            direction: oneOf(MESSAGE_DIRECTIONS, row.last_direction, "inbound"),
            status: oneOf(MESSAGE_ANSWER_STATUSES, row.last_status, "received"),
            created_at: row.last_created_at!,
          },
    last_message_at: row.last_message_at,
    sms_opted_out_at: row.sms_opted_out_at,
    created_at: row.created_at,
  };
}
