import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { userSkillsAnswer, userSkillsSchema } from "@/lib/agents/skills/schemas";
import { setUserSkills } from "@/lib/agents/skills/set-user-skills";

export const PUT = route({ permission: "skills.write", params: idParams, body: userSkillsSchema, answers: userSkillsAnswer }, ({ user, params, body }) =>
  setUserSkills({ actor: user, userId: params.id, input: body }),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["PUT"]);
