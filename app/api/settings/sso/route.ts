import { getSsoSettings } from "@/lib/sign-in/sso/get-sso-settings";
import { saveSsoSettings } from "@/lib/sign-in/sso/save-sso-settings";
import { removeSsoSettings } from "@/lib/sign-in/sso/remove-sso-settings";
import { ssoSettingsAnswerSchema, ssoSettingsInputSchema } from "@/lib/sign-in/sso/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "settings.manage", answers: ssoSettingsAnswerSchema }, ({ user }) => getSsoSettings(user.organization_id));
export const PUT = route({ permission: "settings.manage", body: ssoSettingsInputSchema, answers: ssoSettingsAnswerSchema }, ({ user, body }) => saveSsoSettings({ actor: user, input: body }));
export const DELETE = route({ permission: "settings.manage" }, async ({ user }) => {
  await removeSsoSettings({ actor: user });
});

export const { POST, PATCH, OPTIONS } = methodsNotAllowed(["GET", "PUT", "DELETE"]);
