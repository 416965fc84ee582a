import { deleteContact } from "@/lib/contacts/delete-contact";
import { getContact } from "@/lib/contact-detail/get-contact";
import { contactHistoryQuery, deleteContactQuery, updateContactSchema } from "@/lib/contacts/schemas";
import { updateContact } from "@/lib/contacts/update-contact";
import { contactAnswer } from "@/lib/contacts/contact-answer";
import { contactDetailAnswer } from "@/lib/contact-detail/contact-detail-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "contacts.read", params: bigIdParams, query: contactHistoryQuery, answers: contactDetailAnswer }, ({ user, params, query }) =>
  getContact({ actor: user, id: params.id, historyPage: query.history_page, historyPerPage: query.history_per_page }),
);

export const PUT = route({ permission: "contacts.write", params: bigIdParams, body: updateContactSchema, answers: contactAnswer }, ({ user, params, body }) =>
  updateContact({ actor: user, id: params.id, input: body }),
);

export const DELETE = route({ permission: "contacts.write", params: bigIdParams, query: deleteContactQuery }, ({ user, params, query }) =>
  deleteContact({ actor: user, id: params.id, permanent: query.permanent }),
);

export const { POST, PATCH, OPTIONS } = methodsNotAllowed(["GET", "PUT", "DELETE"]);
