import type { Role } from "@/lib/generated/prisma/enums";
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

/** A user's row as sessions and the API's user object are built from it. */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  organization_id: number;
  department_id: number | null;
  active: boolean;
  max_conversations: number;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
