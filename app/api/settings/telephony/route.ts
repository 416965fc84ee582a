import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { telephonySettingsAnswer, updateTelephonySettingsSchema } from "@/lib/twilio/settings/schemas";
import { getTelephonySettings, updateTelephonySettings } from "@/lib/twilio/settings/telephony-settings";

export const GET = route({ permission: "settings.manage", answers: telephonySettingsAnswer }, ({ user }) => getTelephonySettings({ actor: user }));

export const PUT = route({ permission: "settings.manage", body: updateTelephonySettingsSchema, answers: telephonySettingsAnswer }, ({ user, body }) =>
  updateTelephonySettings({ actor: user, input: body }),
);

export const { POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PUT"]);
