import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: "Telephony settings (secrets never returned, only whether they are set)",
    PUT: "Change telephony settings; secrets are stored encrypted",
  },
  description: {
    PUT: prose`phone_numbers and caller_id are the organization's numbers: a number belongs to one organization (409 naming
      another's), and with provider credentials (the organization's or the environment's) a newly added number must be
      one the provider account lists among its incoming phone numbers (422 otherwise; 502 when the provider cannot be
      asked). Nothing is saved when any is refused.`,
  },
  responses: {
    PUT: {
      "409": "Another organization holds one of the numbers (named in errors)",
      "502": "The provider could not be asked whether its account holds a number",
    },
  },
};
