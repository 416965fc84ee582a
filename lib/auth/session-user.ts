import type { UserRow } from "@/lib/users/serialize-user";
import type { KeyScopes } from "./permissions";

/** The authenticated caller as every domain function receives it. */
export interface SessionUser extends UserRow {
  /** The bearer token of this request (logout revokes it). */
  token_id: number;
  /** Department queues the user serves besides their own department's (issue 23: Settings → Routing). */
  queue_department_ids: number[];
  /** Set when the request came with an integration key (issue 24): the system it is, and what it may do. */
  integration_key?: { id: number; name: string; scopes: KeyScopes };
}
