import "server-only";
import type { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { createContact } from "@/lib/contacts/create-contact";
import { prisma } from "@/lib/db/client";
import { getConversation } from "./get-conversation";
import type { conversationContactSchema } from "./schemas";

/**
 * Turns an unknown number's conversation into a contact in one step: the
 * number is the conversation's, the department the conversation's. A number
 * that already has a contact answers 409 with its id, as any duplicate phone.
 */
export async function createConversationContact({ actor, id, input }: { actor: SessionUser; id: bigint; input: z.infer<typeof conversationContactSchema> }) {
  const conversation = await getConversation({ actor, id });
  const contact = await createContact({
    actor,
    // Admins put it in the conversation's department; everyone else has their own.
    input: { ...input, phone: conversation.phone, ...(actor.department_id === null && conversation.department_id !== null && { department_id: conversation.department_id }) },
  });
  await prisma.conversation.updateMany({ where: { id, organization_id: actor.organization_id }, data: { contact_id: BigInt(contact.id) } });
  return { contact, conversation: await getConversation({ actor, id }) };
}
