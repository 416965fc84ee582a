import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  file: { GET: "application/zip" },
  summary: {
    GET: prose`Everything held about a person, on their request (admins; GDPR articles 15 and 20, CCPA): a zip of JSON files and
      their recordings`,
  },
  description: {
    GET: prose`contact.json, calls.json (with notes, dispositions, recording pauses and the file of each recording),
      conversations.json (every text), voicemails.json (with transcriptions), campaigns.json, scheduled_callbacks.json,
      queue_waits.json, import_rows.json, text_consent.json, merges.json, recordings/ (audio as the provider keeps it,
      streamed through this service) and manifest.json, which names every file and any recording the provider would not
      give. Audited as contact.exported (counts only).`,
  },
};
