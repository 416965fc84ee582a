import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

/**
 * An inbound call joins the queue. Each waiting call gets a provider queue of
 * its own (named after its CallSid), so when an agent accepts it, <Dial><Queue>
 * can only ever reach that caller. A retried delivery finds the entry already there.
 */
export async function enqueueCall({ organizationId, params }: { organizationId: number; params: Record<string, string> }) {
  const callSid = params.CallSid;
  if (!callSid || !/^CA[0-9a-zA-Z]{10,62}$/.test(callSid)) throw new AppError("bad_request", "CallSid is missing or malformed.");
  const from = (params.From ?? params.Caller ?? "").slice(0, 32) || "anonymous";
  const to = (params.To ?? params.Called ?? "").slice(0, 32);
  const contact = await prisma.contact.findUnique({ where: { organization_id_phone: { organization_id: organizationId, phone: from } }, select: { id: true } });
  return prisma.queueEntry.upsert({
    where: { call_sid: callSid },
    create: { organization_id: organizationId, call_sid: callSid, queue_name: `q_${callSid}`, from_number: from, to_number: to, contact_id: contact?.id ?? null },
    update: {},
    select: { id: true, queue_name: true, status: true },
  });
}
