import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { voicemailAnswer } from "@/lib/calls/voicemail/voicemail-answer";
import { claimVoicemail } from "@/lib/calls/voicemail/voicemails";

export const POST = route({ permission: "queue.handle", params: bigIdParams, answers: voicemailAnswer }, ({ user, params }) => claimVoicemail({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
