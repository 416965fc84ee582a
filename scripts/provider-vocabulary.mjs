// Fails when code in lib/ outside the provider's adapter (lib/twilio) speaks
// the provider's vocabulary: its form fields, REST parameters, document
// format, signature header, id shapes or queue names (issue 43). Comments
// are not code; tests may play the provider. Run by `npm run lint`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const ADAPTER = "lib/twilio/";
const SKIP = /\.test\.tsx?$|^lib\/generated\/|^lib\/api\//;

const WORDS = [
  /\b(?:CallSid|MessageSid|SmsSid|CallStatus|DialCallStatus|DialCallSid|ParentCallSid|AnsweredBy|RecordingUrl|RecordingSid|StatusCallbackEvent|ConferenceSid|QueueResult)\b/g, // form fields
  /\b(?:statusCallback\w*|machineDetection|callSidToCoach|conferenceStatusCallback\w*|recordingStatusCallback\w*)\b/g, // REST parameters
  /\b(?:twiml|TwiML|VoiceResponse|MessagingResponse|validateRequest)\b/g, // its document format and SDK
  /x-twilio-signature/gi,
  /(?:^|[^\w])<(?:Response|Dial|Enqueue|Say|Gather|Conference|Record)\b/g, // TwiML elements
  /\^\(?(?:CA|SM|MM|RE|PN|AC|CF)[[(|]/g, // SID shapes
  /["'`]q_/g, // its queue names
  /["'`]client:/g, // its browser addresses
  /["']twilio["']/g, // its package
];

// A public field of our own API that predates the port: renaming it would change the API.
const ALLOWED = [{ file: "lib/routing/routing-answer.ts", word: "twiml" }, { file: "lib/routing/preview-greeting.ts", word: "twiml" }];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(name)) yield relative(ROOT, path);
  }
}

const stripComments = (source) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");

const found = [];
for (const file of files(join(ROOT, "lib"))) {
  if (file.startsWith(ADAPTER) || SKIP.test(file)) continue;
  const code = stripComments(readFileSync(join(ROOT, file), "utf8"));
  const words = new Set(WORDS.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[0].trim())));
  for (const { word } of ALLOWED.filter((a) => a.file === file)) words.delete(word);
  if (words.size) found.push(`${file}: ${[...words].join(", ")}`);
}
if (found.length) {
  console.error(`The provider's vocabulary outside its adapter (${ADAPTER}): ask the port (lib/telephony/port.ts) instead.\n  ${found.join("\n  ")}`);
  process.exit(1);
}
console.log(`✔ the provider's vocabulary stays in ${ADAPTER}`);
