import "server-only";
import { env } from "@/lib/env";

/**
 * Who passkeys are made for: the product's public address (APP_URL). The
 * browser signs its origin into every response and the relying party's id
 * (the host) into every authenticator's data, so a passkey made here cannot
 * be replayed to a look-alike site; both are checked against these.
 */
export function relyingParty(): { rpID: string; origin: string; rpName: string } {
  const url = new URL(env().APP_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: "Contact Center" };
}
