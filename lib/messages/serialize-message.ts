import { Prisma } from "@/lib/generated/prisma/client";
import { oneOf } from "@/lib/http/answer-schemas";
import { MESSAGE_ANSWER_STATUSES, MESSAGE_DIRECTIONS, MESSAGE_ENCODINGS, MESSAGE_KEYWORDS, MESSAGE_ORIGINS, type MessageAnswer } from "./message-answer";

// A message as every answer shows it, read with MESSAGE_COLUMNS (alias m,
// users joined as mu).

export const MESSAGE_COLUMNS = Prisma.sql`m.id, m.conversation_id, m.direction, m.body, m.media, m.status, m.error_code, m.error_message,
  m.from_number, m.to_number, m.encoding, m.segments, m.origin, m.keyword, m.send_after, m.user_id, mu.name AS user_name, m.created_at, m.updated_at,
  CASE WHEN m.direction = 'inbound' AND m.media <> '[]'::jsonb THEN
    (SELECT jsonb_object_agg(mm.position::text, mm.status) FROM message_media mm WHERE mm.message_id = m.id) END AS stored_media`;

export interface MessageRow {
  id: bigint;
  conversation_id: bigint;
  direction: string;
  body: string;
  media: { url: string; content_type: string | null }[];
  status: string;
  error_code: string | null;
  error_message: string | null;
  from_number: string;
  to_number: string;
  encoding: string;
  segments: number;
  origin: string;
  keyword: string | null;
  send_after: Date | null;
  user_id: number | null;
  user_name: string | null;
  created_at: Date;
  updated_at: Date;
  /** A received message's files: their state here, by position. */
  stored_media?: Record<string, "pending" | "stored" | "failed"> | null;
}

export function serializeMessage(row: MessageRow): MessageAnswer {
  return {
    id: Number(row.id),
    conversation_id: Number(row.conversation_id),
    direction: oneOf(MESSAGE_DIRECTIONS, row.direction, "outbound"),
    body: row.body,
    // A received file is served by this service (kept here): the provider's address never leaves it.
    media:
      row.direction === "inbound"
        ? (row.media ?? []).map((m, position) => ({ url: `/api/messages/${row.id}/media/${position}`, content_type: m.content_type, stored: row.stored_media?.[String(position)] ?? "pending" }))
        : (row.media ?? []),
    status: oneOf(MESSAGE_ANSWER_STATUSES, row.status, "queued"),
    error_code: row.error_code,
    error_message: row.error_message,
    from: row.from_number,
    to: row.to_number,
    encoding: oneOf(MESSAGE_ENCODINGS, row.encoding, "GSM-7"),
    segments: row.segments,
    origin: oneOf(MESSAGE_ORIGINS, row.origin, "agent"),
    keyword: row.keyword === null ? null : oneOf(MESSAGE_KEYWORDS, row.keyword, "help"),
    send_after: row.send_after?.toISOString() ?? null,
    user: row.user_id ? { id: row.user_id, name: row.user_name } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type MessageJson = ReturnType<typeof serializeMessage>;
