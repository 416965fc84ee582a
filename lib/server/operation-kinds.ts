import "server-only";
import { bulkFilterOperation } from "@/lib/contacts/bulk-contact-action";
import { fieldErasureOperation } from "@/lib/contacts/custom-fields/erase-field-operation";
import { contactErasureOperation } from "@/lib/contacts/privacy/erase-contact";
import { tagChangeOperation } from "@/lib/contacts/tags/tag-operation";

/** Every kind of long operation, by the name its row stores. */
export const OPERATION_KINDS = {
  "tag.rename": tagChangeOperation,
  "tag.merge": tagChangeOperation,
  "custom_field.erase": fieldErasureOperation,
  "contacts.bulk": bulkFilterOperation,
  "contact.erase": contactErasureOperation,
};
