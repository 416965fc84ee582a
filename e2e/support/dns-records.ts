// Publishing and removing TXT records on the run's test DNS
// (e2e/support/dns-test-server.mjs), as an organization does at its DNS
// provider. Its global setup (API or browser suite) names the control in
// TEST_DNS_CONTROL_URL, which the test processes inherit.

function control(name: string): string {
  const url = process.env.TEST_DNS_CONTROL_URL;
  if (!url) throw new Error("No test DNS: TEST_DNS_CONTROL_URL is set by the suites' global setup (e2e/support/global-setup.mjs, browser-global-setup.mjs).");
  return `${url}/txt/${encodeURIComponent(name)}`;
}

async function send(method: string, name: string, value: string) {
  const response = await fetch(control(name), { method, body: value });
  if (response.status !== 204) throw new Error(`The test DNS answered ${response.status} to ${method} ${name}`);
}

/** Publishes `value` as a TXT record of `name`: the next lookup finds it. */
export const publishTxt = (name: string, value: string) => send("POST", name, value);

/** Removes that TXT record of `name`, or (no value) all of them. */
export const removeTxt = (name: string, value = "") => send("DELETE", name, value);
