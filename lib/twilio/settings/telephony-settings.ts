import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { openSecrets, sealSecrets } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { confirmProviderNumbers } from "./confirm-provider-numbers";
import { heldNumbers, refuseNumbersHeldByOthers } from "@/lib/telephony/owned-numbers";
import { forgetNumberOwners, freshProviderConfig } from "@/lib/twilio/provider-config";
import type { UpdateTelephonySettingsInput } from "./schemas";

/** The telephony settings as an admin sees them: secrets only as "set" or not. */
export async function getTelephonySettings({ actor }: { actor: SessionUser }) {
  const config = await freshProviderConfig(actor.organization_id);
  return {
    account_sid: config.account_sid,
    api_key_sid: config.api_key_sid,
    twiml_app_sid: config.twiml_app_sid,
    caller_id: config.caller_id,
    phone_numbers: config.phone_numbers,
    recording_enabled: config.recording_enabled,
    auth_token_set: Boolean(config.auth_token),
    api_key_secret_set: Boolean(config.api_key_secret),
  };
}

export async function updateTelephonySettings({ actor, input }: { actor: SessionUser; input: UpdateTelephonySettingsInput }) {
  const { auth_token, api_key_secret, ...visible } = input;
  const key = { organization_id_key: { organization_id: actor.organization_id, key: "telephony" } };
  const current = await prisma.setting.findUnique({ where: key, select: { value: true, encrypted_secrets: true } });
  const value = { ...((current?.value as object) ?? {}), ...visible };
  const secrets = openSecrets(current?.encrypted_secrets);
  for (const [name, secret] of Object.entries({ auth_token, api_key_secret })) {
    if (secret === null) delete secrets[name];
    else if (secret !== undefined) secrets[name] = secret;
  }
  const encrypted = Object.keys(secrets).length ? sealSecrets(secrets) : null;
  const stored = value as { phone_numbers?: string[]; caller_id?: string | null; account_sid?: string | null };
  const named = { phone_numbers: stored.phone_numbers ?? [], caller_id: stored.caller_id ? [stored.caller_id] : [] };
  // A quick look first, for a 409 before asking the provider; the claim itself is the database's (owned_numbers).
  await refuseNumbersHeldByOthers(actor.organization_id, named);
  const held = new Set(await heldNumbers(actor.organization_id));
  const added = Object.fromEntries(Object.entries(named).map(([field, numbers]) => [field, numbers.filter((n) => !held.has(n))]));
  await confirmProviderNumbers({ account_sid: stored.account_sid ?? env().TWILIO_ACCOUNT_SID ?? null, auth_token: secrets.auth_token ?? env().TWILIO_AUTH_TOKEN ?? null }, added);
  try {
    await prisma.setting.upsert({
      where: key,
      create: { organization_id: actor.organization_id, key: "telephony", value, encrypted_secrets: encrypted },
      update: { value, encrypted_secrets: encrypted },
    });
  } catch (error) {
    // Another organization claimed one of these numbers since the look (the trigger's unique violation): name it.
    await refuseNumbersHeldByOthers(actor.organization_id, named);
    throw error;
  }
  forgetNumberOwners();
  return getTelephonySettings({ actor });
}
