import { autoMergeDuplicates } from "@/lib/contacts/auto-merge-duplicates";
import { autoMergeAnswer, autoMergeSchema } from "@/lib/contacts/duplicate-schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "contacts.write", body: autoMergeSchema, answers: autoMergeAnswer }, ({ user, body }) => autoMergeDuplicates({ actor: user, dryRun: body.dry_run }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
