import { nextPreviewContact } from "@/lib/campaigns/preview-contact";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { previewNextAnswer } from "@/lib/campaigns/campaign-answer";

export const POST = route({ permission: "calls.place", answers: previewNextAnswer }, ({ user }) => nextPreviewContact({ actor: user }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
