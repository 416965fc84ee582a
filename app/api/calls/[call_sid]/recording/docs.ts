import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  file: { GET: ["audio/mpeg", "audio/wav"] },
  summary: {
    POST: prose`Pause or resume the recording of a call in progress: \`{ state: paused | recording }\` (its agent, or a supervisor
      in scope). A pause is skipped in the file: what is said meanwhile (a card number) is not recorded. Each pause is
      kept with its times (call logs' recording_pauses)`,
    GET: prose`A call's recording, streamed through this service (the address call logs give as recording_url): admins, the
      department's managers, and the call's agent when the organization allows it (calls settings:
      agents_play_own_recordings)`,
  },
  description: {
    GET: prose`The pages' <audio> players ask with the web session cookie; API clients with their bearer token. A Range is passed
      on (206). \`?download=1\` answers it as a file. Each play and download is in the audit log (recording.played,
      recording.downloaded); a player's later chunks are not. The provider's own address never leaves the service.`,
  },
  responses: {
    GET: {
      "206": "Part of the recording (a Range was asked)",
      "403": "An agent, when the organization does not let agents play recordings",
      "502": "The provider did not give the recording",
    },
    POST: {
      "409": "The call is not connected, or not recorded",
      "502": "The provider refused; the recording's state is as it was",
    },
  },
};
