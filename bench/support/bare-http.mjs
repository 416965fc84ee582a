// The floor under any webhook sender on this machine: the CPU one bare HTTP
// exchange takes, an undici POST from a worker thread to a Node receiver in
// this thread, with no database, no signing and nothing else running. What a
// delivery costs can only be more; what the machine can deliver, only less.
import http from "node:http";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { threadSeconds } from "./cpu.mjs";

if (!isMainThread) {
  const { Pool } = await import("undici");
  const { ports, n } = workerData;
  const pools = ports.map((port) => new Pool(`http://127.0.0.1:${port}`, { connections: 32 }));
  const body = JSON.stringify({ type: "contact.updated", timestamp: new Date().toISOString(), data: { contact_id: 1, at: Date.now() } });
  const started = threadSeconds();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: n }, (_, i) => pools[i % pools.length].request({ path: "/hook", method: "POST", headers: { "content-type": "application/json" }, body }).then((r) => r.body.dump())),
  );
  parentPort.postMessage({ client: threadSeconds() - started, wall: (performance.now() - t0) / 1000 });
}

/** Sends `n` bare POSTs to 8 local receivers; answers the CPU each took, client and receiver, and the rate reached. */
export async function bareHttpExchange(n = 20_000) {
  const servers = await Promise.all(
    Array.from(
      { length: 8 },
      () =>
        new Promise((resolve) => {
          const server = http.createServer((q, r) => {
            q.resume();
            q.on("end", () => r.writeHead(200).end());
          });
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const started = threadSeconds();
  const worker = new Worker(new URL(import.meta.url), { workerData: { ports: servers.map((s) => s.address().port), n } });
  const { client, wall } = await new Promise((resolve, reject) => worker.once("message", resolve).once("error", reject));
  const receiver = threadSeconds() - started;
  await worker.terminate();
  servers.forEach((s) => s.close());
  return { clientUs: (client / n) * 1e6, receiverUs: (receiver / n) * 1e6, perSecond: n / wall };
}
