import "server-only";
import { openSecrets } from "@/lib/crypto/secret-box";
import { database } from "@/lib/db/client";
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

interface SettingRow {
  organization_id: number;
  value: StoredTelephony;
  encrypted_secrets: string | null;
}

/**
 * The provider configuration of an organization: its own settings where set,
 * the environment's TWILIO_* values otherwise.
 */
export async function providerConfig(organizationId: number): Promise<ProviderConfig> {
  const [row] = await database().driver.query<SettingRow>(
    `SELECT organization_id, value, encrypted_secrets FROM settings WHERE organization_id = $1 AND key = 'telephony'`,
    [organizationId],
  );
  return merge(organizationId, row?.value ?? {}, openSecrets(row?.encrypted_secrets));
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
 * The organization a provider callback belongs to, with its provider
 * configuration, in one statement (every callback runs this first): a call
 * from a browser device ("client:user_<id>") belongs to that user's
 * organization; otherwise the owner of the called number, else of the calling
 * number (a campaign call placed from the organization's caller ID), else of
 * the account SID, else (one provider account in the environment) the first
 * organization.
 */
export async function callbackOrganization(params: Record<string, string>): Promise<ProviderConfig | null> {
  const deviceUser = userIdFromClient(params.From ?? params.Caller);
  const called = params.To ?? params.Called ?? "";
  const known = deviceUser ? undefined : ownerOfNumber(called);
  if (known) return known;
  const [row] = await database().driver.query<SettingRow & { rank: number }>(
    `SELECT o.id AS organization_id, COALESCE(s.value, '{}'::jsonb) AS value, s.encrypted_secrets,
            CASE WHEN o.id = (SELECT organization_id FROM users WHERE id = $1::int) THEN 0
                 WHEN s.value -> 'phone_numbers' ? $2::text THEN 1
                 WHEN s.value -> 'phone_numbers' ? $4::text THEN 2
                 WHEN s.value ->> 'account_sid' = $3::text THEN 3
                 ELSE 4 END AS rank
     FROM organizations o LEFT JOIN settings s ON s.organization_id = o.id AND s.key = 'telephony'
     WHERE o.id = (SELECT organization_id FROM users WHERE id = $1::int)
        OR s.value -> 'phone_numbers' ? $2::text
        OR s.value -> 'phone_numbers' ? $4::text
        OR s.value ->> 'account_sid' = $3::text
        OR o.id = (SELECT min(id) FROM organizations)
     ORDER BY rank, o.id LIMIT 1`,
    [deviceUser ?? -1, called, params.AccountSid ?? "", deviceUser ? "" : (params.From ?? "")],
  );
  if (!row) return null;
  const config = merge(row.organization_id, row.value ?? {}, openSecrets(row.encrypted_secrets));
  if (row.rank === 1) numberOwners.set(called, { at: Date.now(), config });
  return config;
}

// Every inbound call starts with "whose number is this?", and a queue of
// callers asks it hundreds of times a second for the same few numbers. Each
// process remembers the answer for two seconds; its own settings writes forget
// it at once, another process's are seen within those two seconds.
// On globalThis: the settings route that forgets and the callback routes that
// remember may be bundled apart by Next.js, each with its own module copy.
const NUMBER_OWNER_MS = 2000;
const OWNERS = Symbol.for("contact-center.number-owners");
const ownersHolder = globalThis as typeof globalThis & { [OWNERS]?: Map<string, { at: number; config: ProviderConfig }> };
const numberOwners = (ownersHolder[OWNERS] ??= new Map());

function ownerOfNumber(called: string): ProviderConfig | undefined {
  const hit = numberOwners.get(called);
  if (hit && Date.now() - hit.at < NUMBER_OWNER_MS) return hit.config;
  numberOwners.delete(called);
  return undefined;
}

/** Called when this process changes an organization's telephony settings. */
export function forgetNumberOwners(): void {
  numberOwners.clear();
}

/** The public address the provider calls back, built from TUNNEL_URL or APP_URL. */
export function callbackUrl(path: string): string {
  return `${env().PUBLIC_BASE_URL}${path}`;
}
