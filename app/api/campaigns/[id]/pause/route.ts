import { moveCampaign } from "@/lib/campaigns/start-campaign";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "campaigns.manage", params: idParams }, ({ user, params }) => moveCampaign({ actor: user, id: params.id, move: "pause" }));
