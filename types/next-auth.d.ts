import type { Role } from "@/lib/generated/prisma/enums";
import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface User {
    role: Role;
    organization_id: number;
    department_id: number | null;
    apiToken: string;
  }
  interface Session {
    apiToken: string;
    user: { id: number; name: string; email: string; role: Role; organization_id: number; department_id: number | null };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid: number;
    role: Role;
    organization_id: number;
    department_id: number | null;
    apiToken: string;
  }
}
