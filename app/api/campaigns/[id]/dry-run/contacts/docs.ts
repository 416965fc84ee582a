import { LIST_NOTE, type RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Campaigns",
  summary: { GET: "The contacts a start would call, or leave out and why" },
  description: {
    GET: prose`list=will_call (default): \`{ contact_id, name, phone, local_time, callable_now, next_callable_at,
      not_callable_because }\`; list=left_out: \`{ contact_id, name, phone, reason }\` (archived, opted_out, dnc,
      duplicate_phone). By name. ${LIST_NOTE}`,
  },
};
