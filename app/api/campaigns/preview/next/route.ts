import { nextPreviewContact } from "@/lib/campaigns/preview-contact";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "calls.place" }, ({ user }) => nextPreviewContact({ actor: user }));
