import { z } from "zod";
import { ScimFailure } from "./scim-failure";
import { readDirectoryProfile, type DirectoryProfile } from "./directory-profile";

// What a SCIM User resource says that we keep: the sign-in email (userName,
// or the primary email when userName is not an address), the name, whether
// they may sign in, the directory's id, a first password when one is sent, and
// the directory's profile (the name's parts, the enterprise extension). Any
// other attribute (title, phoneNumbers, addresses…) is accepted and not kept.
// Booleans come as "True"/"False" from some clients (Entra ID): both are read.

const bool = z.union([z.boolean(), z.enum(["true", "false", "True", "False", "TRUE", "FALSE"]).transform((v) => v.toLowerCase() === "true")]);
const email = z.string().trim().toLowerCase().email().max(255);

const resourceSchema = z.looseObject({
  userName: z.string().trim().min(1).max(255),
  externalId: z.string().trim().max(255).nullish(),
  displayName: z.string().trim().max(255).nullish(),
  name: z.looseObject({ formatted: z.string().nullish(), givenName: z.string().nullish(), familyName: z.string().nullish() }).nullish(),
  emails: z.array(z.looseObject({ value: z.string().nullish(), primary: bool.nullish(), type: z.string().nullish() })).nullish(),
  active: bool.nullish(),
  password: z.string().min(8).max(200).nullish(),
});

export interface ScimUserInput {
  email: string;
  name: string;
  active: boolean;
  externalId: string | null;
  password: string | null;
  profile: DirectoryProfile;
}

export function readScimUser(resource: unknown): ScimUserInput {
  const parsed = resourceSchema.safeParse(resource);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ScimFailure(400, `${issue.path.join(".") || "resource"}: ${issue.message}`, "invalidValue");
  }
  const user = parsed.data;
  const primary = user.emails?.find((e) => e.primary === true)?.value ?? user.emails?.[0]?.value;
  const address = email.safeParse(user.userName).success ? user.userName : primary;
  const checked = email.safeParse(address);
  if (!checked.success) throw new ScimFailure(400, "userName (or a primary email) must be an email address: it is how the person signs in.", "invalidValue");
  const given = [user.name?.givenName, user.name?.familyName].filter((part) => part && part.trim()).join(" ");
  const name = (user.displayName || user.name?.formatted || given || checked.data).trim().slice(0, 255);
  const read = readDirectoryProfile(user, user.name);
  if (read.error) throw new ScimFailure(400, `${read.error.path}: ${read.error.message}`, "invalidValue");
  return { email: checked.data, name, active: user.active ?? true, externalId: user.externalId || null, password: user.password ?? null, profile: read.profile };
}
