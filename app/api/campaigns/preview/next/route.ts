import { nextPreviewContact } from "@/lib/campaigns/preview-contact";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "calls.place" }, ({ user }) => nextPreviewContact({ actor: user }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
