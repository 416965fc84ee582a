import { LIST_NOTE, type RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: "List users in the caller's scope",
    POST: "Create a user (account_admin within the organization, super_admin anywhere)",
  },
  description: { GET: LIST_NOTE },
  responses: { POST: { "409": "A user with this email exists" } },
};
