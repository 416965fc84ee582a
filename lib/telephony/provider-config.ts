import "server-only";
import { openSecrets } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { userIdFromClient } from "./identity";

export interface ProviderConfig {
  organization_id: number;
  account_sid: string | null;
  auth_token: string | null;
  api_key_sid: string | null;
  api_key_secret: string | null;
  twiml_app_sid: string | null;
  caller_id: string | null;
  phone_numbers: string[];
  recording_enabled: boolean;
}

interface StoredTelephony {
  account_sid?: string | null;
  api_key_sid?: string | null;
  twiml_app_sid?: string | null;
  caller_id?: string | null;
  phone_numbers?: string[];
  recording_enabled?: boolean;
}

/**
 * The provider configuration of an organization: its own settings where set,
 * the environment's TWILIO_* values otherwise.
 */
export async function providerConfig(organizationId: number): Promise<ProviderConfig> {
  const row = await prisma.setting.findUnique({
    where: { organization_id_key: { organization_id: organizationId, key: "telephony" } },
    select: { value: true, encrypted_secrets: true },
  });
  return merge(organizationId, (row?.value ?? {}) as StoredTelephony, openSecrets(row?.encrypted_secrets));
}

function merge(organizationId: number, stored: StoredTelephony, secrets: Record<string, string>): ProviderConfig {
  const e = env();
  return {
    organization_id: organizationId,
    account_sid: stored.account_sid ?? e.TWILIO_ACCOUNT_SID ?? null,
    auth_token: secrets.auth_token ?? e.TWILIO_AUTH_TOKEN ?? null,
    api_key_sid: stored.api_key_sid ?? e.TWILIO_API_KEY_SID ?? null,
    api_key_secret: secrets.api_key_secret ?? e.TWILIO_API_KEY_SECRET ?? null,
    twiml_app_sid: stored.twiml_app_sid ?? e.TWILIO_TWIML_APP_SID ?? null,
    caller_id: stored.caller_id ?? e.TWILIO_CALLER_ID ?? null,
    phone_numbers: stored.phone_numbers ?? [],
    recording_enabled: stored.recording_enabled ?? false,
  };
}

/**
 * Which organization a provider callback belongs to: a call from a browser
 * device ("client:user_<id>") belongs to that user's organization; otherwise
 * the one that owns the called number, else the one whose account SID sent
 * it, else (one provider account in the environment) the first organization.
 */
export async function organizationForCallback(params: Record<string, string>): Promise<number | null> {
  const deviceUser = userIdFromClient(params.From ?? params.Caller);
  if (deviceUser) {
    const user = await prisma.user.findUnique({ where: { id: deviceUser }, select: { organization_id: true } });
    if (user) return user.organization_id;
  }
  const called = params.To ?? params.Called;
  const settings = await prisma.setting.findMany({ where: { key: "telephony" }, select: { organization_id: true, value: true } });
  const byNumber = settings.find((s) => called && ((s.value as StoredTelephony).phone_numbers ?? []).includes(called));
  if (byNumber) return byNumber.organization_id;
  const byAccount = settings.find((s) => params.AccountSid && (s.value as StoredTelephony).account_sid === params.AccountSid);
  if (byAccount) return byAccount.organization_id;
  const first = await prisma.organization.findFirst({ orderBy: { id: "asc" }, select: { id: true } });
  return first?.id ?? null;
}

/** The public address the provider calls back, built from TUNNEL_URL or APP_URL. */
export function callbackUrl(path: string): string {
  return `${env().PUBLIC_BASE_URL}${path}`;
}
