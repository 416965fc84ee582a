import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/server/route";
import { greetingPreviewAnswer } from "@/lib/routing/routing-answer";
import { previewGreeting } from "@/lib/routing/preview-greeting";
import { routingPlanSchema } from "@/lib/settings/routing-schemas";

// The TwiML a plan would answer a call with now (Settings → Routing's preview); nothing is saved.
export const POST = route({ permission: "settings.manage", body: routingPlanSchema, answers: greetingPreviewAnswer }, ({ user, body }) => previewGreeting({ actor: user, plan: body }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
