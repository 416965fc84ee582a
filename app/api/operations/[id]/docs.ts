import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: "One long operation: status, progress, and its result when completed" },
  description: {
    GET: prose`\`{ id, kind, status, input, total, done, changed, progress (0–100), result, error, user_id, created_at,
      started_at, finished_at, url }\`. kind: tag.rename, tag.merge, custom_field.erase, contacts.bulk, contact.erase.
      result is what the same request would have answered inline. Readable by its owner, their department's manager and
      the organization's admins; anyone else 404. Progress also arrives on the event stream as operation.progress.`,
  },
};
