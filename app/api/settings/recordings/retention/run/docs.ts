import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    POST: prose`Run the recording retention policy now (calls settings: recording_retention_days): recordings of calls and
      voicemails older than it are deleted at the provider and here, except under a legal hold; \`dry_run: true\` counts
      them and changes nothing`,
  },
  description: {
    POST: prose`It also runs by itself once a day. Answers what it deleted, kept on hold, and failed to delete at the provider
      (kept, tried again next time); audited as recordings.retention_run. \`as_of\` (an ISO time standing for now) is
      accepted only by test servers (SIMULATED_CLOCK=on).`,
  },
};
