import { discardDraft } from "@/lib/drafts/discard-draft";
import { getDraft } from "@/lib/drafts/get-draft";
import { saveDraft } from "@/lib/drafts/save-draft";
import { DRAFT_MAX_CHARS, draftAnswer, draftInputSchema, draftParams } from "@/lib/drafts/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

// Anyone who takes calls or answers texts keeps drafts; each user only their own.
const own = { permission: "calls.read", params: draftParams } as const;

export const GET = route({ ...own, answers: draftAnswer }, ({ user, params }) => getDraft({ actor: user, ref: params }));

export const PUT = route({ ...own, body: draftInputSchema, answers: draftAnswer, maxBodyBytes: DRAFT_MAX_CHARS * 4 + 1024 }, ({ user, params, body }) =>
  saveDraft({ actor: user, ref: params, body: body.body }),
);

export const DELETE = route(own, ({ user, params }) => discardDraft({ actor: user, ref: params }));

export const { POST, PATCH, OPTIONS } = methodsNotAllowed(["GET", "PUT", "DELETE"]);
