import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    POST: prose`What a caller to one plan hears and where they go, now or at a time, as steps in words (and the provider's
      instructions of the first answer); nothing is saved`,
  },
  description: {
    POST: prose`The body is one plan, as in PUT /api/settings/routing. \`at\` (a wall-clock time on the organization's clock, like
      2026-11-26T14:00) previews another time than now; \`digits\` (one key), \`speech\` (words) or \`hang_up=true\`
      play the caller at the menu. The walk takes the decisions real calls take: opening hours, the closed message and
      then a voicemail when \`closed_action\` is voicemail, the menu and its default, a queue nobody serving it is on
      duty for taking a voicemail when \`no_agents\` says so (for another time than now, both branches are given).`,
  },
};
