import { runSimulator, simulatorStatus } from "@/lib/twilio/simulator/run-simulator";
import { simulatorActionSchema } from "@/lib/twilio/simulator/simulator-schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { simulatorResultAnswer, simulatorStatusAnswer } from "@/lib/twilio/simulator/simulator-answer";

export const GET = route({ permission: "calls.place", answers: simulatorStatusAnswer }, ({ user }) => simulatorStatus({ actor: user }));

export const POST = route({ permission: "calls.place", body: simulatorActionSchema, answers: simulatorResultAnswer }, ({ user, body }) => runSimulator({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
