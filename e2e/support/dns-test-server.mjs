// A real DNS server on loopback for the tests (dns2, UDP): the servers under
// test are started with DNS_SERVERS pointing here, and tests publish and
// remove TXT records through a small HTTP control beside it
// (e2e/support/dns-records.ts), as an organization does at its DNS provider.
// Each test publishes on domains of its own, so records never collide; a
// record is in place before the control answers, and answers carry a TTL of
// 0 so no resolver keeps an old one.
import { createServer } from "node:http";
import dns2 from "dns2";

const { Packet } = dns2;

export async function startDnsServer() {
  /** name (lower case) → its TXT values */
  const records = new Map();
  const dns = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        if (question.type !== Packet.TYPE.TXT) continue;
        for (const data of records.get(question.name.toLowerCase()) ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 0, data });
        }
      }
      send(response);
    },
  });
  const { udp } = await dns.listen({ udp: { port: 0, address: "127.0.0.1" } });

  // POST /txt/<name> publishes the body as a TXT value of <name>; DELETE removes it (or, without a body, all of them).
  const control = createServer(async (req, res) => {
    const match = /^\/txt\/([^/?]+)$/.exec(req.url ?? "");
    if (!match || (req.method !== "POST" && req.method !== "DELETE")) {
      res.writeHead(404).end();
      return;
    }
    const name = decodeURIComponent(match[1]).toLowerCase();
    let value = "";
    for await (const chunk of req) value += chunk;
    const values = records.get(name) ?? new Set();
    if (req.method === "POST") values.add(value);
    else if (value) values.delete(value);
    else values.clear();
    if (values.size) records.set(name, values);
    else records.delete(name);
    res.writeHead(204).end();
  });
  await new Promise((resolve) => control.listen(0, "127.0.0.1", resolve));

  return {
    /** What DNS_SERVERS says to reach it. */
    servers: `127.0.0.1:${udp.port}`,
    controlUrl: `http://127.0.0.1:${control.address().port}`,
    async stop() {
      await Promise.all([dns.close(), new Promise((resolve) => control.close(resolve))]);
    },
  };
}
