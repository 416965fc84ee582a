import type { UserRow } from "@/lib/users/serialize-user";

/** The authenticated caller as every domain function receives it. */
export interface SessionUser extends UserRow {
  /** The bearer token of this request (logout revokes it). */
  token_id: number;
}
