import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { openSecrets, sealSecrets } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
import { forgetNumberOwners, providerConfig } from "./provider-config";
import type { UpdateTelephonySettingsInput } from "./schemas";

/** The telephony settings as an admin sees them: secrets only as "set" or not. */
export async function getTelephonySettings({ actor }: { actor: SessionUser }) {
  const config = await providerConfig(actor.organization_id);
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
  await prisma.setting.upsert({
    where: key,
    create: { organization_id: actor.organization_id, key: "telephony", value, encrypted_secrets: encrypted },
    update: { value, encrypted_secrets: encrypted },
  });
  forgetNumberOwners();
  return getTelephonySettings({ actor });
}
