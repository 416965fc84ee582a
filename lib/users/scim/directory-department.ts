import "server-only";
import { prisma } from "@/lib/db/client";
import type { DirectoryProfile } from "./directory-profile";

/**
 * The department the directory's department attribute names (SCIM's
 * enterprise `department`, matched by name in any case), when the
 * organization's connection says to follow it (Settings → Single sign-on,
 * `directory_departments`); null otherwise, or when no department has that
 * name (group membership still decides then).
 */
export async function directoryDepartment(organizationId: number, profile: DirectoryProfile): Promise<number | null> {
  const name = profile.enterprise?.department;
  if (!name) return null;
  const connection = await prisma.ssoConnection.findUnique({ where: { organization_id: organizationId }, select: { directory_departments: true } });
  if (!connection?.directory_departments) return null;
  const department = await prisma.department.findFirst({ where: { organization_id: organizationId, name: { equals: name, mode: "insensitive" } }, select: { id: true } });
  return department?.id ?? null;
}
