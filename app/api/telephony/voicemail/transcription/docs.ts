import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: { POST: "The provider's transcription of a voicemail (TranscriptionText)" },
};
