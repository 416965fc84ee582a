import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    PUT: prose`Set a user's skills, as a whole: \`[{ skill, level }]\` (admins; a manager for their department's people)`,
  },
  description: {
    PUT: prose`A skill is lower-cased (1-40 letters, digits, spaces, dots, dashes or underscores); a level is 1-10; a skill named
      twice: 422 naming the second (\`1.skill\`). An empty list clears them. The offer engine matches them against a
      queue's \`required_skills\`. Audited as user.skills.updated.`,
  },
};
