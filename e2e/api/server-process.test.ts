import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { startServer } from "../support/server.mjs";

// The server as a process, whatever its database (it runs in the embedded suite only).

/** CPU seconds the process has used so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

it("keeps serving, without spinning a core, when whoever read its logs is gone (a closed pipe)", async () => {
  const server = await startServer({ label: "closed-logs" });
  try {
    server.closeOutput();
    // Each refused callback writes a warning into the closed pipe.
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${server.baseUrl}/api/telephony/inbound`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ CallSid: `CA${String(i).padStart(32, "0")}`, AccountSid: `AC${"0".repeat(32)}`, From: "+14155550100", To: "+14155550199" }),
      });
      expect(response.status).toBeLessThan(500);
    }
    const before = cpuSeconds(server.pid!);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // An idle server uses a few hundredths of a core; one that spun on its failed writes used all of it.
    expect(cpuSeconds(server.pid!) - before).toBeLessThan(1);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  } finally {
    await server.stop();
  }
});
