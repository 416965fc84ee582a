import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A caller heard the recording announcement (Gather: Digits, or its redirect without one): the opt-out key declines
      the recording (the call goes on unrecorded), anything else is consent; both are kept on the call's log
      (recording_consent), then the call is routed as the plan says`,
  },
};
