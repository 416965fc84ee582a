import { LIST_NOTE, type RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: {
    GET: prose`Everything that happened to a contact, newest first: creation, calls, texts, campaigns, imports, merges, opt-outs`,
  },
  description: {
    GET: prose`Each entry is \`{ id, type, at, details }\`. type and its details: created {user_name, import_id, import_file};
      call {call_log_id, call_sid, direction, status, duration, phone_number, user_name, notes, recording_url,
      campaign_id, campaign_name}; message {message_id, conversation_id, direction, body, status, user_name}; campaign
      {campaign_id, campaign_name, state, attempts, last_outcome, exclusion_reason, next_attempt_at}, at its last
      attempt; import {import_id, import_file, row, user_name, action: updated|skipped}, an import that matched the
      contact as a duplicate; merge {merge_id, mode, user_name, merged_names, undone_at}; opt_out {channel: calls|texts,
      opted_out, keyword}, as it stands. \`types\` (comma-separated) narrows it. ${LIST_NOTE}`,
  },
};
