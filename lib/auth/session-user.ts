import type { Role } from "@/lib/generated/prisma/enums";

/** The authenticated caller as every domain function receives it. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  organization_id: number;
  department_id: number | null;
  token_id: number;
}
