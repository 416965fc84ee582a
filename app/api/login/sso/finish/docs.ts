import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Finish a single sign-on: the ticket the provider's answer earned and the state of the sign-in that started it;
      returns the user and a bearer token`,
  },
  description: {
    POST: prose`The ticket is good once, for two minutes, and only with the state its sign-in started with (the browser's cookie):
      a sign-in started elsewhere cannot be finished here.`,
  },
  responses: {
    POST: {
      "401": prose`The user set up a second factor here and the organization's provider does not enforce one: second_factor {
        challenge, methods, expires_at }; finish with POST /api/login/second-factor`,
      "422": prose`The ticket expired or was used, or the state is not its sign-in's (errors.sso; sso_error names the reason:
        expired, wrong_browser, inactive, above_connection)`,
    },
  },
};
