// Agents polling a list the way the agent workspace does: each agent asks
// every `intervalMs`, on its own timer, started at a random moment (1,000
// agents who signed in at different times do not poll in step). The load is
// open: an agent's next poll is due on its schedule whether or not the server
// has answered the last one, so a slow server is measured, not waited for.
//
// Why not autocannon's `overallRate`: it lets each connection send its share
// of a second back to back as soon as the second starts, so "500 requests/s"
// arrives as a burst at every second boundary, and its coordinated-omission
// correction at a 1 ms interval invents samples. That is not agents polling.
import http from "node:http";

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * @param {{ url: string, headersFor: (agent: number) => Record<string,string>, agents: number, intervalMs: number, seconds: number }} options
 */
// The run lasts `seconds` after the agents' first round (one interval), which
// is reported on its own: a thousand agents connecting at once is a different
// event (a restart, the start of a shift) from a thousand agents polling.
export async function pollLikeAgents({ url, headersFor, agents, intervalMs, seconds }) {
  const target = new URL(url);
  // The polls share a pool of kept-alive connections, as the reverse proxy in
  // front of a production server keeps them (the pool opens as many as the
  // polls in flight need). Idle connections are closed after 4 s, before the
  // server's 5 s keep-alive timeout, so a poll never goes out on a connection
  // the server is closing.
  const pool = new http.Agent({ keepAlive: true, maxSockets: agents, timeout: 4000 });
  /** @type {{ second: number, ms: number, first: boolean }[]} */
  const samples = [];
  const lagMs = [];
  let errors = 0;
  const started = performance.now();
  const endAt = started + intervalMs + seconds * 1000;

  const pollOnce = (index, first) =>
    new Promise((resolve) => {
      const sentAt = performance.now();
      const request = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent: pool, headers: headersFor(index) }, (response) => {
        response.resume();
        response.on("end", () => {
          samples.push({ second: Math.floor((sentAt - started) / 1000), ms: performance.now() - sentAt, first });
          if (response.statusCode !== 200) errors++;
          resolve();
        });
      });
      request.on("error", () => {
        errors++;
        resolve();
      });
    });

  const inFlight = new Set();
  await Promise.all(
    Array.from({ length: agents }, async (_, index) => {
      let due = started + Math.random() * intervalMs;
      while (due < endAt) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        // How late the generator itself sent it: reported, so a busy load
        // generator is not mistaken for a slow server.
        lagMs.push(Math.max(0, performance.now() - due));
        const poll = pollOnce(index, due < started + intervalMs);
        inFlight.add(poll);
        poll.then(() => inFlight.delete(poll));
        due += intervalMs;
      }
    }),
  );
  await Promise.all(inFlight);
  pool.destroy();

  const bySecond = new Map();
  for (const { second, ms } of samples) bySecond.set(second, [...(bySecond.get(second) ?? []), ms]);
  const perSecond = [...bySecond].map(([second, values]) => {
    values.sort((a, b) => a - b);
    return { second, requests: values.length, p99: percentile(values, 99), max: values.at(-1) };
  });
  return {
    /** Each agent's first poll: the server has not seen this agent's token yet. */
    firstPolls: samples.filter((sample) => sample.first).map((sample) => sample.ms),
    /** Every later poll: the agents' steady state. */
    latencies: samples.filter((sample) => !sample.first).map((sample) => sample.ms),
    errors,
    lagMs,
    perSecond,
    seconds: (performance.now() - started) / 1000 - intervalMs / 1000,
  };
}
