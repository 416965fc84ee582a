import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A caller answered the menu (Gather: Digits or SpeechResult), or said nothing (its redirect): the chosen queue or
      number; asked once more, then the default option`,
  },
};
