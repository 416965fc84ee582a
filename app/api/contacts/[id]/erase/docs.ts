import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: {
    POST: prose`Erase a person on their request (admins; GDPR article 17, CCPA): the contact, their texts, voicemails and
      recordings (here and at the provider), and whatever names them elsewhere`,
  },
  description: {
    POST: prose`Answers 202 \`{ operation }\` (kind contact.erase; follow it at its url). First each recording is deleted at the
      provider, then here; then, in one transaction: the contact, its conversations and texts, voicemails, scheduled
      callbacks, campaign entries, import rows, merge snapshots, call events, live events and audit details that name it
      are deleted; the calls and queue entries stay for the reports without the number, the notes or the contact;
      webhook deliveries keep their row without the body (those not yet sent are not sent). An audit entry
      contact.erased says who erased it and how many records of each kind, never what they held. The result counts the
      same. A provider that refuses to delete a recording fails the operation before anything else is erased; asking
      again resumes.`,
  },
  responses: { POST: { "409": "A legal hold on the contact or on one of their calls, or a call with them in progress" } },
};
