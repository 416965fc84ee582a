import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`The person an agent called answered a recorded call (<Number url>, \`?call=\` the call's id): the recording
      announcement of the calling number, heard alone before they are connected, kept on the call's log as
      recording_consent announced`,
  },
};
