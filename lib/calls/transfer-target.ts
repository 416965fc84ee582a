import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/db/client";
import { isE164 } from "@/lib/contacts/phone";
import { AppError } from "@/lib/errors/app-error";

// Who a call can be sent to or joined with (issue 22): an agent of the
// organization, a department's queue, an external number. Shared by
// transfers and three-way calls, route and call panel alike.

const e164 = z.string().trim().refine(isE164, "The number must be in E.164 format (+14155550100).");

export const transferSchema = z
  .object({
    target: z.discriminatedUnion(
      "type",
      [
        z.object({ type: z.literal("agent"), id: z.number().int().positive() }),
        z.object({ type: z.literal("queue"), id: z.number().int().positive() }),
        z.object({ type: z.literal("number"), number: e164 }),
      ],
      { error: "The target must be {type: agent, id}, {type: queue, id} (a department) or {type: number, number}." },
    ),
    mode: z.enum(["cold", "warm"], { error: "The mode must be cold or warm." }),
  })
  .refine((t) => !(t.target.type === "queue" && t.mode === "warm"), { path: ["mode"], message: "A queue takes a transfer cold: there is nobody to consult." });
export type TransferInput = z.infer<typeof transferSchema>;

export const addParticipantSchema = z.union([z.object({ agent_id: z.number().int().positive() }).strict(), z.object({ number: e164 }).strict()], {
  error: "Give either agent_id (an agent of the organization) or number (E.164).",
});
export type AddParticipantInput = z.infer<typeof addParticipantSchema>;

/** A party to dial: an agent's browser or a number. */
export type Party = { kind: "agent"; userId: number; departmentId: number | null; name: string } | { kind: "number"; number: string };

/** An agent of the organization who can take a call (422 naming the field when there is none, or it is the actor). */
export async function agentParty(organizationId: number, userId: number, actorId: number, field: string): Promise<Party> {
  const agent = await prisma.user.findFirst({ where: { id: userId, organization_id: organizationId, active: true }, select: { id: true, name: true, department_id: true } });
  if (!agent) throw AppError.validation({ [field]: ["There is no such agent in this organization."] });
  if (agent.id === actorId) throw AppError.validation({ [field]: ["You are already on this call."] });
  return { kind: "agent", userId: agent.id, departmentId: agent.department_id, name: agent.name };
}

/** A department of the organization whose queue takes the call. */
export async function queueDepartment(organizationId: number, departmentId: number): Promise<number> {
  const department = await prisma.department.findFirst({ where: { id: departmentId, organization_id: organizationId }, select: { id: true } });
  if (!department) throw AppError.validation({ "target.id": ["There is no such department in this organization."] });
  return department.id;
}
