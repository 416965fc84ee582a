import "server-only";
import { env } from "@/lib/env";
import { addressGuard } from "@/lib/net/guarded-address";

// The service fetches an identity provider's discovery document, keys and
// metadata, and posts codes to its token endpoint: requests to an address an
// admin typed. They go through the private-address guard webhooks use too
// (lib/net/guarded-address.ts). SSO_PRIVATE_HOSTS names the exceptions (an
// in-house Keycloak; the tests' providers).

const guard = addressGuard((hostname) => env().SSO_PRIVATE_HOSTS.includes(hostname));

/** Why a URL cannot be an identity provider's address, or null when it can. */
export const providerAddressProblem = guard.problem;

/** The connection's own lookup: the address connected to is the address checked. */
export const providerLookup = guard.lookup;
