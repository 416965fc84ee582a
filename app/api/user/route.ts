import { route } from "@/lib/http/route";
import { getUser } from "@/lib/users/get-user";

export const GET = route({}, ({ user }) => getUser({ actor: user, id: user.id }));
