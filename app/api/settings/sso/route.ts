import { getSsoSettings } from "@/lib/sso/get-sso-settings";
import { saveSsoSettings } from "@/lib/sso/save-sso-settings";
import { removeSsoSettings } from "@/lib/sso/remove-sso-settings";
import { ssoSettingsAnswerSchema, ssoSettingsInputSchema } from "@/lib/sso/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/server/route";

export const GET = route({ permission: "settings.manage", answers: ssoSettingsAnswerSchema }, ({ user }) => getSsoSettings(user.organization_id));
export const PUT = route({ permission: "settings.manage", body: ssoSettingsInputSchema, answers: ssoSettingsAnswerSchema }, ({ user, body }) => saveSsoSettings({ actor: user, input: body }));
export const DELETE = route({ permission: "settings.manage" }, async ({ user }) => {
  await removeSsoSettings({ actor: user });
});

export const { POST, PATCH, OPTIONS } = methodsNotAllowed(["GET", "PUT", "DELETE"]);
