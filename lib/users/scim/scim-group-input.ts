import { z } from "zod";
import { ScimFailure } from "./scim-failure";

const groupSchema = z.looseObject({
  displayName: z.string().trim().min(1).max(255),
  externalId: z.string().trim().max(255).nullish(),
  members: z.array(z.looseObject({ value: z.string() })).nullish(),
});

export interface ScimGroupInput {
  name: string;
  externalId: string | null;
  /** Our user ids; a member that is not a number names no user of ours (400). */
  memberIds: number[];
}

export function readScimGroup(resource: unknown): ScimGroupInput {
  const parsed = groupSchema.safeParse(resource);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ScimFailure(400, `${issue.path.join(".") || "resource"}: ${issue.message}`, "invalidValue");
  }
  const memberIds = (parsed.data.members ?? []).map((member) => {
    if (!/^\d{1,9}$/.test(member.value)) throw new ScimFailure(400, `No user has the id ${member.value}.`, "invalidValue");
    return Number(member.value);
  });
  return { name: parsed.data.displayName, externalId: parsed.data.externalId || null, memberIds: [...new Set(memberIds)] };
}
