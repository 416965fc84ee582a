import "server-only";
import { env } from "@/lib/env";
import type { ProviderConfig } from "./provider-config";

// TELEPHONY_SIMULATOR=auto (the default) plays the provider in-app only for
// organizations with no provider auth token, whose callbacks are signed with
// the organization's generated signing secret: the simulator signs with that
// secret, which never leaves the server. `on` forces it (signed with the
// provider's token), `off` removes it. Calls and text messages alike.
export function simulatorEnabled(config: ProviderConfig): boolean {
  const flag = env().TELEPHONY_SIMULATOR;
  return flag === "on" || (flag === "auto" && !config.auth_token);
}
