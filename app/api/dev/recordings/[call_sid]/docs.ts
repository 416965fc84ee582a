import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`The simulator's recording of a call (audio/wav), for calls the caller may read; 404 when the simulator is off`,
  },
  description: {
    GET: prose`The call history's players ask for it with the web session (an <audio> element sends cookies, not a bearer token).`,
  },
  file: { GET: "audio/wav" },
};
