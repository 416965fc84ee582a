import "server-only";
import { publishSelected } from "@/lib/events/publish-event";

/**
 * Tells whoever may read the conversation (lib/auth/scope.ts's
 * conversationScope: its assignee, or its department's agents while
 * unassigned, its managers, the admins) that a text arrived or moved.
 */
export function announceMessage(type: "message.received" | "message.status" | "conversation.updated", conversationId: bigint | string, message?: { id: bigint | string; status: string }): Promise<void> {
  return publishSelected(
    `SELECT organization_id, department_id, NULL::int, assigned_user_id, 'conversation', $2::text,
            jsonb_build_object('conversation_id', id, 'channel', channel, 'message_id', $3::bigint, 'status', $4::text)
     FROM conversations WHERE id = $1::bigint`,
    [String(conversationId), type, message ? String(message.id) : null, message?.status ?? null],
  );
}
