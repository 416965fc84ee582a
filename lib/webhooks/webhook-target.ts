import "server-only";
import { env } from "@/lib/env";
import { addressGuard } from "@/lib/net/guarded-address";

// Webhook targets go through the private-address guard every address a user
// chose goes through (lib/net/guarded-address.ts): https on a host whose every
// address is public, checked when the endpoint is registered and again, on the
// address connected to, at every delivery (DNS may change meanwhile).
// WEBHOOK_PRIVATE_HOSTS names the exceptions (the tests' local receiver).

const guard = addressGuard((hostname) => env().WEBHOOK_PRIVATE_HOSTS.includes(hostname));

/** Why a URL cannot be a webhook target, or null when it can. */
export const webhookTargetProblem = guard.problem;

/** The connection's own lookup: the address connected to is the address checked. */
export const webhookLookup = guard.lookup;
