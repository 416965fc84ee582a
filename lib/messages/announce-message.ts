import "server-only";
import { publishSelected } from "@/lib/events/publish-event";

// Told to whoever may read the conversation (lib/auth/scope.ts's
// conversationScope: its assignee, or its department's agents while
// unassigned, its managers, the admins).
const RECORD = { organization_id: "organization_id", department_id: "department_id", assigned_user_id: "assigned_user_id" };
const FROM = "FROM conversations WHERE id = $1::bigint";

/** A message arrived in the conversation, or one of its messages moved (sent, held, delivered, failed). */
export function announceMessage(type: "message.received" | "message.status", conversationId: bigint | string, message: { id: bigint | string; status: string }): Promise<void> {
  return publishSelected({ type, record: RECORD, data: { conversation_id: "id", channel: "channel", message_id: "$2::bigint", status: "$3::text" }, from: FROM }, [
    String(conversationId),
    String(message.id),
    message.status,
  ]);
}

/** The conversation itself changed: assigned, closed or reopened, or a file it holds arrived. */
export function announceConversation(conversationId: bigint | string): Promise<void> {
  return publishSelected({ type: "conversation.updated", record: RECORD, data: { conversation_id: "id", channel: "channel", assigned_user_id: "assigned_user_id" }, from: FROM }, [
    String(conversationId),
  ]);
}
