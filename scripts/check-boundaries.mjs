// Two boundaries of lib/ that imports alone do not show (issue 43), checked
// in `npm run lint` after dependency-cruiser. Comments are not code; tests may
// reach anywhere.
//
// 1. The provider's vocabulary (its form fields, REST parameters, document
//    format, signature header, id shapes, queue names) stays in its adapter,
//    lib/twilio: the rest asks the port (lib/telephony/port.ts).
// 2. The database is reached two ways: Prisma's query builder, and the
//    raw-SQL helper (lib/db/run-sql.ts: runSql(on).rows / .count), which
//    logs slow statements and keeps secret columns out. Prisma's raw methods
//    and the driver are called in lib/db only.
// 3. The provider's callback paths are named once (lib/telephony/callback-paths.ts,
//    issue 62): no other file of lib/ spells one out.
// 4. In app/ and components/ the provider is met only at its edges (issue 62):
//    the routes it calls, the device's token, the simulator, its account's
//    settings, and the softphone's device adapter. Every other page, route and
//    component speaks neither its vocabulary nor imports its adapter or SDKs;
//    pages ask the port (e.g. telephony().softphoneReadiness).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const ADAPTER = "lib/twilio/";
const SKIP = /\.test\.tsx?$|^lib\/generated\/|^lib\/client\/api\//;

const WORDS = [
  /\b(?:CallSid|MessageSid|SmsSid|CallStatus|DialCallStatus|DialCallSid|ParentCallSid|AnsweredBy|RecordingUrl|RecordingSid|StatusCallbackEvent|ConferenceSid|QueueResult)\b/g, // form fields
  /\b(?:statusCallback\w*|machineDetection|callSidToCoach|conferenceStatusCallback\w*|recordingStatusCallback\w*)\b/g, // REST parameters
  /\b(?:twiml|TwiML|VoiceResponse|MessagingResponse|validateRequest)\b/g, // its document format and SDK
  /x-twilio-signature/gi,
  /(?:^|[^\w])<(?:Response|Dial|Enqueue|Say|Gather|Conference|Record)\b/g, // TwiML elements
  /\^\(?(?:CA|SM|MM|RE|PN|AC|CF)[[(|]/g, // SID shapes
  /'(?:CA|SM|MM|RE|CF)' \|\|/g, // a SID minted in SQL
  /["'`]q_/g, // its queue names
  /["'`]client:/g, // its browser addresses
  /["']twilio["']/g, // its package
];

// A public field of our own API that predates the port: renaming it would change the API.
const ALLOWED = [
  { file: "lib/routing/routing-answer.ts", word: "twiml" },
  { file: "lib/routing/walk-plan.ts", word: "twiml" },
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(name)) yield relative(ROOT, path);
  }
}

const stripComments = (source) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");

// Prisma's raw methods, and the driver reached through the database handle.
const DATABASE_INTERNALS = [/\$(?:queryRaw|executeRaw)(?:Unsafe)?\b/g, /\bdatabase\(\)/g, /\.driver\b/g];

const CALLBACK_PATHS_FILE = "lib/telephony/callback-paths.ts";

/** Where app/ and components/ meet the provider (rule 4). */
const PROVIDER_EDGES = [
  /^app\/api\/telephony\//, // the callbacks it sends
  /^app\/api\/voice\//, // the device's token and the manual call's callbacks
  /^app\/api\/dev\//, // the simulator, which plays it
  /^app\/api\/settings\/telephony\//, // its account
  /^components\/settings\/telephony-settings-form\.tsx$/, // its account's form
  /^components\/softphone\/provider-device\.ts$/, // its Voice SDK behind the softphone's device interface (components/softphone/device.ts)
];
const PROVIDER_IMPORTS = [/["']@\/lib\/twilio\//g, /["']@twilio\/voice-sdk["']/g];
// The routing preview's public field, as in lib (ALLOWED); the generated route table repeats the routes' words.
const EDGE_ALLOWED = [{ file: "components/settings/routing-settings-form.tsx", word: "twiml" }];
const EDGE_SKIP = /^app\/api\/operations\.ts$/;

const vocabulary = [];
const internals = [];
const paths = [];
for (const file of files(join(ROOT, "lib"))) {
  if (SKIP.test(file)) continue;
  const code = stripComments(readFileSync(join(ROOT, file), "utf8"));
  if (!file.startsWith(ADAPTER)) {
    const words = new Set(WORDS.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[0].trim())));
    for (const { word } of ALLOWED.filter((a) => a.file === file)) words.delete(word);
    if (words.size) vocabulary.push(`${file}: ${[...words].join(", ")}`);
  }
  if (file !== CALLBACK_PATHS_FILE && code.includes("/api/telephony/")) paths.push(file);
  if (!file.startsWith("lib/db/")) {
    const calls = new Set(DATABASE_INTERNALS.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[0])));
    if (calls.size) internals.push(`${file}: ${[...calls].join(", ")}`);
  }
}
const edges = [];
for (const file of [...files(join(ROOT, "app")), ...files(join(ROOT, "components"))]) {
  if (EDGE_SKIP.test(file) || PROVIDER_EDGES.some((edge) => edge.test(file))) continue;
  const code = stripComments(readFileSync(join(ROOT, file), "utf8"));
  const words = new Set([...WORDS, ...PROVIDER_IMPORTS].flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[0].trim())));
  for (const { word } of EDGE_ALLOWED.filter((a) => a.file === file)) words.delete(word);
  if (words.size) edges.push(`${file}: ${[...words].join(", ")}`);
}
if (edges.length) console.error(`The provider met outside its edges in app/ or components/: ask the port (lib/telephony/port.ts) or the softphone's device.\n  ${edges.join("\n  ")}`);
if (vocabulary.length) console.error(`The provider's vocabulary outside its adapter (${ADAPTER}): ask the port (lib/telephony/port.ts) instead.\n  ${vocabulary.join("\n  ")}`);
if (internals.length) console.error(`The database reached past lib/db: use Prisma's query builder or lib/db/run-sql.ts (runSql).\n  ${internals.join("\n  ")}`);
if (paths.length) console.error(`A provider callback path spelled out: name it from ${CALLBACK_PATHS_FILE} (CALLBACK_PATHS).\n  ${paths.join("\n  ")}`);
if (vocabulary.length || internals.length || paths.length || edges.length) process.exit(1);
console.log(`✔ the provider's vocabulary stays in ${ADAPTER}, and app/ and components/ meet it at its edges only`);
console.log(`✔ the database is reached through Prisma and lib/db/run-sql.ts; callback paths are named in ${CALLBACK_PATHS_FILE}`);
