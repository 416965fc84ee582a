import { z } from "zod";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { voicemailListAnswer } from "@/lib/calls/voicemail/voicemail-answer";
import { listVoicemails } from "@/lib/calls/voicemail/voicemails";

const query = z.object({ status: z.enum(["open", "done"]).default("open") });

// Voicemails of the queues the caller serves (the queue view lists them beside the waiting calls).
export const GET = route({ permission: "queue.handle", query, answers: voicemailListAnswer }, ({ user, query }) => listVoicemails({ actor: user, status: query.status }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
