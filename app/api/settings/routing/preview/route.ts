import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";
import { previewGreeting } from "@/lib/routing/preview-greeting";
import { routingPlanSchema } from "@/lib/routing/schemas";

// The TwiML a plan would answer a call with now (Settings → Routing's preview); nothing is saved.
export const POST = route({ permission: "settings.manage", body: routingPlanSchema }, ({ user, body }) => previewGreeting({ actor: user, plan: body }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
