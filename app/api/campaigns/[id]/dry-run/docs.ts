import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Campaigns",
  summary: { GET: "What starting the campaign now would dial" },
  description: {
    GET: prose`\`{ eligible, excluded, excluded_by_reason, callable_now, outside_window, unknown_timezone, first_callable_at,
      agents_on_duty, average_handle_seconds, estimated_seconds, warning, message }\`. \`callable_now\` counts the
      contacts the dialer's own checks would allow this minute (calling window and 08:00–21:00 at the contact's local
      time); when it is 0, \`warning\` says why and \`first_callable_at\` when the first becomes callable (null: not
      within a week).`,
  },
};
