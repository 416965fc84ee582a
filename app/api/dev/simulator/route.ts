import { runSimulator, simulatorStatus } from "@/lib/dev/run-simulator";
import { simulatorActionSchema } from "@/lib/dev/simulator-schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "calls.place" }, ({ user }) => simulatorStatus({ actor: user }));

export const POST = route({ permission: "calls.place", body: simulatorActionSchema }, ({ user, body }) => runSimulator({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
