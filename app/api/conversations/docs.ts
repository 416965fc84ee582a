import { LIST_NOTE, type RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Messages",
  summary: { GET: "Text conversations the caller may read, most recent activity first" },
  description: {
    GET: prose`One row per outside number the organization has texted with: its contact (or the bare number), last message, the
      caller's unread count, assignee and status. An agent sees the conversations assigned to them and the unassigned
      ones of their department; a manager the department's; an admin the organization's. Filters: status (open, closed),
      assigned (me, unassigned or a user id), q (a name, 3 or more phone digits, or words of any message). ${LIST_NOTE}`,
  },
};
