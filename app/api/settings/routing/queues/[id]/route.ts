import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { queueAnswer } from "@/lib/routing/routing-answer";
import { setQueueMembers } from "@/lib/routing/queue-members";
import { queueMembersSchema } from "@/lib/settings/routing-schemas";

// Members of a department's queue from other departments (issue 23).
export const PUT = route({ permission: "settings.manage", params: idParams, body: queueMembersSchema, answers: queueAnswer }, ({ user, params, body }) =>
  setQueueMembers({ actor: user, departmentId: params.id, input: body }),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["PUT"]);
