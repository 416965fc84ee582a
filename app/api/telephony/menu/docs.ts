import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A caller answered the menu (Gather: Digits or SpeechResult), or said nothing (its redirect): the chosen queue or
      number; asked once more, then the default option`,
  },
};
