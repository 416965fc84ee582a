import { contactTimeline, contactTimelineQuery } from "@/lib/contacts/contact-timeline";
import { timelinePageAnswer } from "@/lib/contacts/timeline-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "contacts.read", params: bigIdParams, query: contactTimelineQuery, answers: timelinePageAnswer }, ({ user, params, query }) =>
  contactTimeline({ actor: user, id: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
