import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A caller's voicemail was recorded (the Record's action: RecordingUrl, RecordingDuration); kept once per call, for
      the queue its address names`,
  },
};
