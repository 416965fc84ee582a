import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`Your draft of a call's notes or a conversation's reply (none: an empty body, updated_at null)`,
    PUT: "Keep what you typed so far",
    DELETE: "Drop the draft (the notes were saved, the reply sent)",
  },
  description: {
    PUT: prose`\`kind\` is \`call_notes\` (\`ref\`: the call's id, \`call_sid\`) or \`reply\` (\`ref\`: the conversation's id). \`{ body
      }\`, 1 to 10,000 characters; the last write wins. Drafts are each user's own: nobody reads another's. A draft
      untouched for 30 days is dropped, and a user keeps at most 200.`,
  },
};
