import "server-only";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { openSecrets } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { userIdFromClient } from "./identity";
import { SIGNING_SETTING_KEY, signingSecretOf } from "@/lib/telephony/signing-secret";
import { processSingleton } from "@/lib/process/process-registry";

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
  /**
   * The key callbacks are signed with: the provider's auth token when one is
   * set (the organization's own, else the environment's), else the
   * organization's generated signing secret. Null only when neither exists yet.
   */
  signing_key: string | null;
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
  signing_secrets: string | null;
}

// The telephony row and the signing row of one organization, side by side.
const CONFIG_COLUMNS = `COALESCE(s.value, '{}'::jsonb) AS value, s.encrypted_secrets, k.encrypted_secrets AS signing_secrets`;
const CONFIG_JOINS = `LEFT JOIN settings s ON s.organization_id = o.id AND s.key = 'telephony'
     LEFT JOIN settings k ON k.organization_id = o.id AND k.key = '${SIGNING_SETTING_KEY}'`;

/**
 * The provider configuration of an organization: its own settings where set,
 * the environment's TWILIO_* values otherwise.
 */
export async function providerConfig(organizationId: number): Promise<ProviderConfig> {
  const known = ownerOfNumber(`org:${organizationId}`);
  if (known) return known;
  const config = await freshProviderConfig(organizationId);
  if (config.signing_key) numberOwners.set(`org:${organizationId}`, { at: Date.now(), config });
  return config;
}

/**
 * The organization's config as stored now, past the two-second memory below:
 * for the settings page, where an admin must see a change another server made
 * a moment ago (the gate's parallel run caught a stale read, issue 42).
 */
export async function freshProviderConfig(organizationId: number): Promise<ProviderConfig> {
  const [row] = await runSql("pool", { secrets: true }).rows<SettingRow>(`SELECT o.id AS organization_id, ${CONFIG_COLUMNS} FROM organizations o ${CONFIG_JOINS} WHERE o.id = $1`, [organizationId]);
  return fromRow(row ?? { organization_id: organizationId, value: {}, encrypted_secrets: null, signing_secrets: null });
}

function fromRow(row: SettingRow): ProviderConfig {
  const e = env();
  const stored = row.value ?? {};
  const secrets = openSecrets(row.encrypted_secrets);
  const authToken = secrets.auth_token ?? e.TWILIO_AUTH_TOKEN ?? null;
  return {
    organization_id: row.organization_id,
    account_sid: stored.account_sid ?? e.TWILIO_ACCOUNT_SID ?? null,
    auth_token: authToken,
    api_key_sid: stored.api_key_sid ?? e.TWILIO_API_KEY_SID ?? null,
    api_key_secret: secrets.api_key_secret ?? e.TWILIO_API_KEY_SECRET ?? null,
    twiml_app_sid: stored.twiml_app_sid ?? e.TWILIO_TWIML_APP_SID ?? null,
    caller_id: stored.caller_id ?? e.TWILIO_CALLER_ID ?? null,
    phone_numbers: stored.phone_numbers ?? [],
    recording_enabled: stored.recording_enabled ?? false,
    signing_key: authToken ?? signingSecretOf(row.signing_secrets),
  };
}

/**
 * The organization a provider callback belongs to, with its provider
 * configuration, in one statement (every callback runs this first). In order:
 * the organization named in the callback address (`org`, which we put in every
 * address we hand the provider, and which its signature covers); the
 * organization of a browser device ("client:user_<id>", or the `agent` its
 * dialed leg's address names); the owner of the
 * called number, else of the calling number (a call placed from the
 * organization's caller ID), else of the account SID. A callback that matches
 * none of them belongs to nobody: null, and the route answers 404.
 */
export async function callbackOrganization(params: Record<string, string>, query?: URLSearchParams): Promise<ProviderConfig | null> {
  const named = /^\d{1,9}$/.test(query?.get("org") ?? "") ? Number(query!.get("org")) : -1;
  // A device's calls name its user in From; the dialed leg of a device's call names it in its address (agent=).
  const namedAgent = /^\d{1,9}$/.test(query?.get("agent") ?? "") ? Number(query!.get("agent")) : null;
  const deviceUser = userIdFromClient(params.From ?? params.Caller) ?? namedAgent;
  // A WhatsApp message is addressed to "whatsapp:<our number>".
  const called = (params.To ?? params.Called ?? "").replace(/^whatsapp:/i, "");
  const known = named >= 0 ? ownerOfNumber(`org:${named}`) : deviceUser ? ownerOfNumber(`user:${deviceUser}`) : ownerOfNumber(called);
  if (known) return known;
  const [row] = await runSql("pool", { secrets: true }).rows<SettingRow & { rank: number }>(CALLBACK_OWNER, [
    deviceUser ?? -1,
    called,
    params.AccountSid ?? "",
    deviceUser ? "" : (params.From ?? "").replace(/^whatsapp:/i, ""),
    named,
  ]);
  if (!row) return null;
  const config = fromRow(row);
  // Only a config that can check signatures is remembered (a signing secret made a moment later must be seen).
  if (config.signing_key && row.rank === 1) numberOwners.set(called, { at: Date.now(), config });
  if (config.signing_key && row.rank === -1) numberOwners.set(`org:${named}`, { at: Date.now(), config });
  // A device's user belongs to one organization for good: their callbacks (the agent's leg joining a caller, every call they place) are its.
  if (config.signing_key && row.rank === 0 && named < 0) numberOwners.set(`user:${deviceUser}`, { at: Date.now(), config });
  return config;
}

// Whose callback this is, by rank: the organization its address names, the
// device's user's, the called number's owner, the caller's (an outbound leg),
// the WhatsApp sender's, the account's. Prepared: every device callback asks it.
const CALLBACK_OWNER = prepared(
  `SELECT o.id AS organization_id, ${CONFIG_COLUMNS},
            CASE WHEN o.id = $5::int THEN -1
                 WHEN o.id = (SELECT organization_id FROM users WHERE id = $1::int) THEN 0
                 WHEN s.value -> 'phone_numbers' ? $2::text THEN 1
                 WHEN s.value -> 'phone_numbers' ? $4::text THEN 2
                 WHEN o.id IN (SELECT organization_id FROM settings WHERE key = 'sms' AND value -> 'whatsapp' ->> 'sender' = $2::text) THEN 1
                 ELSE 3 END AS rank
     FROM organizations o ${CONFIG_JOINS}
     WHERE o.id = $5::int
        OR o.id = (SELECT organization_id FROM users WHERE id = $1::int)
        OR s.value -> 'phone_numbers' ? $2::text
        OR s.value -> 'phone_numbers' ? $4::text
        -- A WhatsApp message is addressed to the organization's WhatsApp sender (Settings → Telephony).
        OR o.id IN (SELECT organization_id FROM settings WHERE key = 'sms' AND value -> 'whatsapp' ->> 'sender' = $2::text)
        OR s.value ->> 'account_sid' = $3::text
     ORDER BY rank, o.id LIMIT 1`,
);

// Every inbound call starts with "whose number is this?", and a queue of
// callers asks it hundreds of times a second for the same few numbers; every
// callback to an address we gave (org=), and every call control (a hold asks
// the provider, a transfer dials and hangs up), asks "this organization's config?".
// Each process remembers the answers for two seconds (keys: the number,
// org:<id>, or a device's user:<id>); its own settings writes forget them at once, another process's
// are seen within those two seconds.
// In the process registry: the settings route that forgets and the callback routes that
// remember may be bundled apart by Next.js, each with its own module copy.
const NUMBER_OWNER_MS = 2000;
const numberOwners = processSingleton("number-owners", () => new Map<string, { at: number; config: ProviderConfig }>());

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

/**
 * A callback address for one organization's call: it names the organization
 * (`org`), so the callback finds its owner whatever numbers it carries.
 */
export function organizationCallbackUrl(organizationId: number, path: string): string {
  return callbackUrl(`${path}${path.includes("?") ? "&" : "?"}org=${organizationId}`);
}
