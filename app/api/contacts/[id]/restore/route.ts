import { restoreContact } from "@/lib/contacts/restore-contact";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "contacts.write", params: bigIdParams }, ({ user, params }) =>
  restoreContact({ actor: user, id: params.id }),
);
