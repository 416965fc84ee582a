import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: "Take a waiting call" },
  description: {
    POST: prose`A caller on the line: \`{ action: dial_queue, queue, call_sid, params }\` (the device joins them). A caller who
      asked to be called back (\`callback: true\` in the list): \`{ action: call_back, number, call_sid, params: { To,
      CallbackEntryId } }\`; the softphone dials with those params and the server dials the number the entry holds,
      logging the call with \`parent_call_sid\` = the caller's first call.`,
  },
  responses: { POST: { "409": "Someone else already took the call" } },
};
