import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: prose`The organization's queues (General and one per department) with who serves each: the department's people and
      members from other departments; \`users\` to add`,
  },
};
