import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { greetingPreviewAnswer, previewQuerySchema } from "@/lib/routing/routing-answer";
import { walkPlan } from "@/lib/routing/walk-plan";
import { routingPlanSchema } from "@/lib/settings/routing-schemas";

// What a caller to a plan would hear and where they would go, now or at a time on the organization's clock,
// played through the menu (a key, words, hanging up); nothing is saved (Settings → Routing's preview).
export const POST = route({ permission: "settings.manage", body: routingPlanSchema, query: previewQuerySchema, answers: greetingPreviewAnswer }, ({ user, body, query }) =>
  walkPlan({ actor: user, plan: body, at: query.at ?? null, caller: { digits: query.digits, speech: query.speech, hang_up: query.hang_up } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
