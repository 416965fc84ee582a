// A child process of bench/events.mjs: holds a share of the agents' event
// streams and measures, for each queue event, how long after it happened it
// arrived (now − the event's `at`, taken when the webhook's event was written,
// before the webhook answered: an upper bound of "answered → received").
// Apart from the main load generator, so its clock is not behind a busy loop.
import http from "node:http";

const { streams } = JSON.parse(process.argv[2]);
let latencies = [];
/** When each caller's queue.entry.added arrived, per stream (wall-clock ms), by CallSid. */
let arrivals = {};
let counts = new Array(streams.length).fill(0);

await Promise.all(
  streams.map(
    ({ url, bearer }, index) =>
      new Promise((resolve, reject) => {
        const request = http.get(url, { headers: { Authorization: bearer, Accept: "text/event-stream" }, agent: false }, (response) => {
          if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
          response.setEncoding("utf8");
          let buffer = "";
          response.on("data", (chunk) => {
            const arrived = Date.now();
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const at = /"at":"([^"]+)"/.exec(block)?.[1];
              if (!at || !block.includes("event: queue.")) continue;
              counts[index] += 1;
              if (!block.includes("queue.entry.added")) continue;
              latencies.push(arrived - Date.parse(at));
              const sid = /"call_sid":"([^"]+)"/.exec(block)?.[1];
              if (sid) (arrivals[sid] ??= []).push(arrived);
            }
          });
          resolve();
        });
        request.on("error", reject);
      }),
  ),
);
process.send({ ready: true });
process.on("message", (message) => {
  if (message === "report") process.send({ latencies, counts, arrivals });
  // After the warm-up: what it measured is forgotten.
  if (message === "reset") {
    latencies = [];
    arrivals = {};
    counts = counts.map(() => 0);
    process.send({ reset: true });
  }
});
