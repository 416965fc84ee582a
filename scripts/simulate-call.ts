// Plays the telephony provider against a running server, with correctly signed
// requests, so the inbound and manual call flows run without a provider account.
//
//   npm run simulate:call -- inbound --from +14155550100 --to +15005550006
//   npm run simulate:call -- wait --call CA...            (a hold-music tick)
//   npm run simulate:call -- connect --agent 5 --entry 12 (agent device joins its accepted call)
//   npm run simulate:call -- dequeue --call CA... --result bridged --wait 20
//   npm run simulate:call -- hangup --call CA...          (caller hangs up while waiting)
//   npm run simulate:call -- manual --agent 5 --to +14155552671 [--contact 7] [--status completed --duration 60]
//
// Reads APP_URL (or TUNNEL_URL), TWILIO_AUTH_TOKEN and TWILIO_ACCOUNT_SID like the server.
import { newCallSid, ProviderSimulator } from "@/lib/twilio/simulator/simulator";

const [command, ...rest] = process.argv.slice(2);
const args = new Map<string, string>();
for (let i = 0; i < rest.length; i += 2) args.set(rest[i].replace(/^--/, ""), rest[i + 1]);
const arg = (name: string, fallback?: string) => args.get(name) ?? fallback ?? "";

const baseUrl = (process.env.SIMULATOR_TARGET ?? process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
const sim = new ProviderSimulator({
  baseUrl,
  publicBaseUrl: (process.env.TUNNEL_URL ?? process.env.APP_URL ?? baseUrl).replace(/\/$/, ""),
  authToken: process.env.TWILIO_AUTH_TOKEN ?? "",
  accountSid: process.env.TWILIO_ACCOUNT_SID ?? `AC${"0".repeat(32)}`,
});
const to = arg("to", process.env.TWILIO_CALLER_ID ?? "+15005550006");

async function main() {
  switch (command) {
    case "inbound":
      return sim.inboundCall({ callSid: arg("call", newCallSid()), from: arg("from", "+14155550100"), to });
    case "wait":
      return sim.queueWait({ callSid: arg("call"), to });
    case "connect":
      return sim.agentConnects({ identity: `user_${arg("agent")}`, to, queueEntryId: arg("entry") });
    case "dequeue":
      return sim.dequeue({ callSid: arg("call"), to, result: arg("result", "bridged") as "bridged", queueTime: Number(arg("wait", "0")) });
    case "hangup":
      return sim.callStatus({ callSid: arg("call"), to, status: "completed", duration: Number(arg("duration", "0")) });
    case "manual": {
      const contactId = args.has("contact") ? Number(arg("contact")) : undefined;
      const call = await sim.manualCall({ identity: `user_${arg("agent")}`, to, contactId });
      console.log(call.body);
      return sim.manualStatus({ callSid: call.callSid, identity: `user_${arg("agent")}`, to, status: arg("status", "completed"), duration: Number(arg("duration", "30")), contactId });
    }
    default:
      throw new Error(`unknown command "${command}": inbound, wait, connect, dequeue, hangup or manual`);
  }
}

main().then(
  (response) => console.log(JSON.stringify(response, null, 2)),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
