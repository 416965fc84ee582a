import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  file: { GET: ["audio/mpeg", "audio/wav"] },
  summary: {
    GET: prose`A voicemail's recording, streamed through this service, for whoever serves its queue (the address voicemails give
      as recording_url)`,
  },
  description: {
    GET: prose`As GET /api/calls/{call_sid}/recording: the web session or a bearer token, Range passed on, \`?download=1\`, each
      play and download audited.`,
  },
  responses: { GET: { "206": "Part of the recording (a Range was asked)", "502": "The provider did not give the recording" } },
};
