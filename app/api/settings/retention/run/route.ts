import { runRetention } from "@/lib/contacts/run-retention";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

/** Runs the caller's organization's retention policy now and reports what it removed. */
export const POST = route({ permission: "settings.manage" }, ({ user }) => runRetention({ organizationId: user.organization_id, userId: user.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
