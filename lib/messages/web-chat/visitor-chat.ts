import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors/app-error";
import { announceMessage } from "@/lib/messages/announce-message";
import { storeInboundMessageIn } from "@/lib/messages/store-inbound-message";
import { queueMayMove } from "@/lib/queue/entries/queue-may-move";
import { hitRateLimits } from "@/lib/net/rate-limit/hit-rate-limit";
import { newVisitorToken, type ChatWidgetAccess } from "./visitor-access";

// A website visitor's side of the chat (issue 48, point 2): they start a
// visit, write (their conversation, channel web, opens with their first
// message and is assigned like any other), read the answers and may leave an
// email to be answered later. Bounded: 2,000 characters a message, 30
// messages a minute a visitor, 20 new visits a minute from one address.

const VISITS_PER_MINUTE = 20;
const MESSAGES_PER_MINUTE = 30;

type Visitor = { id: bigint; organization_id: number; conversation_id: bigint | null };

async function limit(key: string, most: number, message: string) {
  const state = (await hitRateLimits([key], 60)).get(key)!;
  if (state.hits > most) throw AppError.tooManyRequests(state.retryAfterSeconds, message);
}

/** A new visitor of the widget, from one of its sites: their token (shown once) and the widget's greeting. */
export async function startVisit({ widget, origin, address }: { widget: ChatWidgetAccess; origin: string; address: string }) {
  await limit(`chat-visit:${widget.id}:${address}`, VISITS_PER_MINUTE, "Too many new chats from this address: wait a moment.");
  const { token, hash } = newVisitorToken();
  await prisma.chatVisitor.create({ data: { organization_id: widget.organization_id, widget_id: widget.id, token_hash: hash, origin: origin.slice(0, 200) } });
  return { visitor_token: token, greeting: widget.greeting };
}

/** The address a web conversation is kept under (its "phone"): the visitor, never a number. */
export const visitorAddress = (visitorId: bigint) => `web:${visitorId}`;

/** Stores what the visitor wrote in their conversation (opened by the first), and tells the inbox. */
export async function postVisitorMessage({ widget, visitor, body, origin = "provider" }: { widget: ChatWidgetAccess; visitor: Visitor; body: string; origin?: "provider" | "auto" }) {
  await limit(`chat-message:${visitor.id}`, MESSAGES_PER_MINUTE, "Too many messages: wait a moment.");
  const phone = visitorAddress(visitor.id);
  const now = new Date();
  const stored = await prisma.$transaction(async (tx) => {
    const message = await storeInboundMessageIn(tx, { organizationId: widget.organization_id, channel: "web", from: phone, to: "", body, sentAt: now, departmentId: widget.department_id, origin });
    if (visitor.conversation_id !== message.conversationId) await tx.chatVisitor.update({ where: { id: visitor.id }, data: { conversation_id: message.conversationId, last_seen_at: now } });
    return message;
  });
  // A visitor's line has no provider id: it is never a repeated delivery, and always stored.
  const id = stored.messageId;
  if (id === null) throw new Error("a visitor's line was not stored");
  await announceMessage("message.received", stored.conversationId, { id, status: "received" });
  queueMayMove(widget.organization_id);
  return { id: Number(id), from: "visitor" as const, body, agent: null, created_at: stored.createdAt ?? now };
}

/** The visitor leaves an email to be answered later: kept with them, and said in the conversation for the agent. */
export async function leaveVisitorEmail({ widget, visitor, email }: { widget: ChatWidgetAccess; visitor: Visitor; email: string }) {
  await prisma.chatVisitor.update({ where: { id: visitor.id }, data: { email } });
  await postVisitorMessage({ widget, visitor, body: `Left an email to be answered later: ${email}`, origin: "auto" });
}

export interface VisitorLine {
  id: number;
  from: "visitor" | "agent";
  body: string;
  agent: string | null;
  created_at: Date;
}

/** The visitor's conversation after a message (0: from the start), oldest first: what they wrote and what agents answered. */
export async function visitorLines(conversationId: bigint | null, after: bigint, limit = 200): Promise<VisitorLine[]> {
  if (!conversationId) return [];
  const rows = await runSql(prisma).rows<{ id: bigint; direction: string; body: string; agent: string | null; created_at: Date }>`
    SELECT m.id, m.direction, m.body, split_part(u.name, ' ', 1) AS agent, m.created_at
    FROM messages m LEFT JOIN users u ON u.id = m.user_id
    WHERE m.conversation_id = ${conversationId} AND m.id > ${after} AND m.status <> 'failed'
    ORDER BY m.id LIMIT ${limit}`;
  return rows.map((r) => ({ id: Number(r.id), from: r.direction === "inbound" ? "visitor" : "agent", body: r.body, agent: r.direction === "inbound" ? null : r.agent, created_at: r.created_at }));
}
