// `npm run setup -- --organization "Acme" --email admin@example.com`: the
// first-run setup from a shell, for scripted installs. It goes through the
// running server's POST /api/setup, the one code path the setup page uses too,
// so it needs no database access and no TypeScript runtime of its own.
//
// The password comes from SETUP_ADMIN_PASSWORD, else from standard input (a
// prompt without echo on a terminal, the first line when piped). The server is
// --url, else APP_URL, else http://localhost:$PORT (3000); it is waited for up
// to --wait seconds (60), so this can run right after the server is started.
// Exit status 0 when the organization and its admin were created, 1 when the
// server refused (setup already done, invalid input) or nothing answered, 2 on
// a usage error.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const USAGE = `Usage: npm run setup -- --organization NAME --email EMAIL [--name NAME] [--time-zone ZONE] [--url URL] [--wait SECONDS]

Creates the organization, its first department and its account admin on a
server whose database has no user yet (POST /api/setup).

  --organization  the organization's name (required)
  --email         the administrator's email, their sign-in (required)
  --name          the administrator's name (default: Administrator)
  --time-zone     the organization's IANA time zone (default: UTC)
  --url           the server (default: APP_URL, else http://localhost:$PORT, PORT 3000)
  --wait          seconds to wait for the server to answer (default: 60)

The password is read from SETUP_ADMIN_PASSWORD, else from standard input.`;

function fail(message, status = 1) {
  console.error(message);
  process.exit(status);
}

function options() {
  try {
    const { values } = parseArgs({
      options: {
        organization: { type: "string" },
        email: { type: "string" },
        name: { type: "string", default: "Administrator" },
        "time-zone": { type: "string", default: "UTC" },
        url: { type: "string" },
        wait: { type: "string", default: "60" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (!values.organization || !values.email) fail(`--organization and --email are required.\n\n${USAGE}`, 2);
    const wait = Number(values.wait);
    if (!Number.isFinite(wait) || wait < 0) fail("--wait must be a number of seconds.", 2);
    const url = (values.url || process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
    return { ...values, url, wait };
  } catch (error) {
    return fail(`${error.message}\n\n${USAGE}`, 2);
  }
}

/** One line typed without echo (a terminal) or the first line of what was piped in. */
async function readPassword() {
  if (process.env.SETUP_ADMIN_PASSWORD) return process.env.SETUP_ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return fail("No password: set SETUP_ADMIN_PASSWORD or pipe it on standard input.", 2);
  }
  const first = await promptHidden("Administrator's password: ");
  const again = await promptHidden("Repeat the password: ");
  if (first !== again) fail("The passwords do not match.", 2);
  return first;
}

function promptHidden(prompt) {
  return new Promise((resolve) => {
    const input = process.stdin;
    process.stderr.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    let typed = "";
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          input.off("data", onData);
          input.setRawMode(false);
          input.pause();
          process.stderr.write("\n");
          return resolve(typed);
        }
        if (char === "\u0003") {
          input.setRawMode(false);
          process.stderr.write("\n");
          process.exit(130);
        }
        if (char === "\u0004" && typed === "") fail("\nNo password given.", 2);
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    input.on("data", onData);
  });
}

/** Waits until the server answers GET /api/setup; false when nothing did in time. */
async function serverAnswers(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  let told = false;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/setup`, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(5000) });
      const body = await response.json().catch(() => null);
      if (response.ok && typeof body?.needed === "boolean") return true;
    } catch {
      // not listening yet, or still starting
    }
    if (Date.now() >= deadline) return false;
    if (!told) console.error(`Waiting for the server at ${url} …`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function call(url, method, path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

function refusal({ status, body }) {
  const lines = [`The server refused (${status}): ${body?.message ?? "no message"}`];
  for (const [field, reasons] of Object.entries(body?.errors ?? {})) lines.push(`  ${field}: ${[].concat(reasons).join(" ")}`);
  return lines.join("\n");
}

const args = options();
const password = await readPassword();
if (!(await serverAnswers(args.url, args.wait))) fail(`No server answered at ${args.url}/api/setup within ${args.wait} s: start it (npm start), or give its address with --url.`);

const created = await call(args.url, "POST", "/api/setup", {
  body: { organization: { name: args.organization, time_zone: args["time-zone"] }, admin: { name: args.name, email: args.email, password } },
});
if (created.status !== 201) fail(refusal(created));

// What now exists, as the new admin sees it; then the token is given back
// (the admin signs in with their password, in the browser or POST /api/login).
const { user, token } = created.body;
const [organization, departments] = await Promise.all([call(args.url, "GET", "/api/organization", { token }), call(args.url, "GET", "/api/departments", { token })]);
await call(args.url, "POST", "/api/logout", { token });
const org = organization.body ?? {};
console.log(`Created the organization "${org.name ?? args.organization}" (id ${user.organization_id}, time zone ${org.time_zone ?? args["time-zone"]})`);
for (const department of departments.body?.data ?? []) console.log(`  department "${department.name}" (id ${department.id})`);
console.log(`  account admin ${user.name} <${user.email}> (user id ${user.id})`);
console.log(`Sign in at ${args.url}/login`);
