import { agentLegAnswered } from "@/lib/calls/agent-leg-answered";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { agentLegAnswered as answeredLeg } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// A campaign call's agent answered: the leg that hold and transfer move.
export const POST = voiceRoute(async ({ params, organizationId }) => {
  const leg = answeredLeg(params);
  if (leg) await agentLegAnswered({ organizationId, ...leg });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
