import { skipPreviewContact } from "@/lib/campaigns/preview-contact";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { previewSkippedAnswer } from "@/lib/campaigns/campaign-answer";

export const POST = route({ permission: "calls.place", params: bigIdParams, answers: previewSkippedAnswer }, ({ user, params }) => skipPreviewContact({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
