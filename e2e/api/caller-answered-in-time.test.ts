import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { waitingLineName } from "@/lib/twilio/call-sid";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";
import { createTestDatabase, startServer } from "../support/server.mjs";

// Issue 61, point 4: a caller is answered within a second whatever the
// database is doing. This server never waits for it (CALLER_ANSWER_MS=0, as
// if every statement took too long): the caller hears the wait music in a line
// of their own at once, and their entry, written behind the answer, reaches
// the queue all the same; the hold loop plays the music and leaves the place
// in line for a later turn.

const onPostgres = inject("databaseUrl") !== "";
let server: Awaited<ReturnType<typeof startServer>>;
let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
let tenant: Tenant;
let number: string;

beforeAll(async () => {
  database = onPostgres ? await createTestDatabase(process.env.TEST_DATABASE_URL!) : null;
  server = await startServer({ databaseUrl: database?.url, label: "caller-in-time", env: { CALLER_ANSWER_MS: "0", TWILIO_API_BASE_URL: inject("fakeProviderUrl") } });
  tenant = await createTenant(server.baseUrl);
  number = await giveNumber(tenant);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

type Waiting = { call_sid: string; from: string };
/** The tenant's waiting list, asked again until it holds the call (the entry is written after the answer). */
async function untilWaiting(callSid: string): Promise<Waiting> {
  const until = Date.now() + 15_000;
  for (;;) {
    const list = (await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data as Waiting[];
    const found = list.find((w) => w.call_sid === callSid);
    if (found || Date.now() > until) return found!;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("a caller past a busy database", () => {
  it("hears the wait music in a line of their own at once, and their entry follows into the queue", async () => {
    const sim = provider(server.baseUrl);
    const call = await sim.inboundCall({ from: "+14155550191", to: number });
    expect(call.status).toBe(200);
    expect(call.body).toContain("<Enqueue");
    expect(call.body).toContain("/api/telephony/queue-wait");
    expect(call.body).toContain(`>${waitingLineName(call.callSid)}</Enqueue>`);
    const waiting = await untilWaiting(call.callSid);
    expect(waiting, "the entry written behind the answer").toBeTruthy();
    expect(waiting.from).toBe("+14155550191");

    // The hold loop: the music, the place in line left for later.
    const hold = await sim.queueWait({ callSid: call.callSid, to: number });
    expect(hold.status).toBe(200);
    expect(hold.body).toContain("<Play");
    expect(hold.body).not.toContain("caller number");

    // The same call delivered again (the provider's retry) is the same caller, once.
    const again = await sim.inboundCall({ callSid: call.callSid, from: "+14155550191", to: number });
    expect(again.status).toBe(200);
    expect(again.body).toContain("<Enqueue");
    await untilWaiting(call.callSid);
    const list = (await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data as Waiting[];
    expect(list.filter((w) => w.call_sid === call.callSid)).toHaveLength(1);
  });
});
