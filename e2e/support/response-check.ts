import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

// Every answer the API suites receive from our servers is held to the OpenAPI
// document the server publishes (issue 24: a reference that cannot drift). The
// status must be one the operation lists, the media type one it lists for that
// status, and a JSON body must match its schema. A test whose requests got an
// answer the document does not describe fails after it, naming the answer.
// Loaded by vitest.api.config.ts as a setup file, so it sees every request a
// test makes: the api() helper, the provider simulator, raw fetches alike.

type Json = Record<string, any>;
interface Operation {
  template: string;
  operation: Json;
}

// Vitest runs this file again before each test file, in the same process when
// files are not isolated from each other (vitest.api.config.ts): fetch is
// wrapped once per process, and the wrapper's state lives with it.
interface CheckState {
  originalFetch: typeof fetch;
  servers: Set<string>;
  problems: string[];
  checker?: Promise<ResponseChecker>;
}
const STATE = Symbol.for("contact-center.response-check");
const holder = globalThis as typeof globalThis & { [STATE]?: CheckState };
const state: CheckState = (holder[STATE] ??= {
  originalFetch: globalThis.fetch,
  servers: new Set([...inject("baseUrls"), inject("secondBaseUrl")].filter(Boolean).map((url) => new URL(url).origin)),
  problems: [],
});
const { originalFetch, servers, problems } = state;

class ResponseChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: { pattern: RegExp; template: string; literal: number }[];

  constructor(private readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema(document, "openapi");
    this.routes = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "[^/]+")}$`),
        literal: template.replace(/\{\w+\}/g, "").length,
      }))
      // A literal segment wins over a parameter: /api/contacts/bulk is not /api/contacts/{id}.
      .sort((a, b) => b.literal - a.literal);
  }

  find(method: string, pathname: string): Operation | undefined {
    for (const route of this.routes) {
      if (!route.pattern.test(pathname)) continue;
      const operation = this.document.paths[route.template][method.toLowerCase()];
      return operation ? { template: route.template, operation } : undefined;
    }
    return undefined;
  }

  /** What is wrong with an answer, or undefined when the document describes it. */
  problem(found: Operation, method: string, status: number, mediaType: string, text: string): string | undefined {
    const name = `${method} ${found.template} → ${status}`;
    const responses = found.operation.responses as Json;
    const key = String(status) in responses ? String(status) : "default" in responses ? "default" : undefined;
    if (!key) return `${name}: the document lists no ${status} (it lists ${Object.keys(responses).join(", ")})`;
    const documented = this.resolve(responses[key]);
    const content = documented.content as Json | undefined;
    if (!content) return text === "" ? undefined : `${name}: answered a ${mediaType || "body"}, the document says no body`;
    // A range the document lists (image/*) takes every type of it.
    if (!(mediaType in content) && !(`${mediaType.split("/")[0]}/*` in content)) return `${name}: answered ${mediaType || "no body"}, the document lists ${Object.keys(content).join(", ")}`;
    if (mediaType !== "application/json" || !content[mediaType].schema) return undefined;
    const pointer = responses[key].$ref
      ? `${responses[key].$ref.slice(1)}/content/application~1json/schema`
      : `/paths/${escape(found.template)}/${method.toLowerCase()}/responses/${key}/content/application~1json/schema`;
    const validate = this.validator(pointer);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${name}: the body is not JSON`;
    }
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || "(body)"} ${e.message}`)
      .join("; ");
    return `${name}: the body does not match the document: ${errors}`;
  }

  private resolve(response: Json): Json {
    if (!response.$ref) return response;
    return (response.$ref as string)
      .slice(2)
      .split("/")
      .reduce((node: Json, part) => node[part.replace(/~1/g, "/").replace(/~0/g, "~")], this.document);
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) this.validators.set(pointer, (validate = this.ajv.compile({ $ref: `openapi#${pointer}` })));
    return validate;
  }
}

function escape(template: string): string {
  return template.replace(/~/g, "~0").replace(/\//g, "~1");
}

async function loadChecker(origin: string): Promise<ResponseChecker> {
  const response = await originalFetch(`${origin}/api/openapi.json`);
  return new ResponseChecker(await response.json());
}

function requestMethod(input: RequestInfo | URL, init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

if (globalThis.fetch === originalFetch)
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await originalFetch(input, init);
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (!servers.has(url.origin) || !url.pathname.startsWith("/api/")) return response;
    // A redirect followed (a single sign-on callback's 303, fetched without redirect: "manual") answers for
    // the page it led to, not for this operation; the tests that ask for the 303 itself see it checked.
    if (response.redirected) return response;
    const method = requestMethod(input, init);
    const checker = (state.checker ??= loadChecker(url.origin));
    const found = (await checker).find(method, url.pathname);
    // Paths and methods the document does not name answer 404 and 405 by design (the catch-all, methodsNotAllowed).
    if (!found) return response;
    const mediaType = (response.headers.get("content-type") ?? "").split(";")[0].trim();
    // A stream never ends: its status and media type are checked, not its body.
    const text = mediaType === "text/event-stream" ? "" : await response.clone().text();
    const problem = (await checker).problem(found, method, response.status, mediaType, text);
    if (problem) problems.push(problem);
    return response;
  };

afterEach(() => {
  if (problems.length === 0) return;
  const found = [...new Set(problems.splice(0))];
  throw new Error(`Answers the OpenAPI document does not describe:\n${found.join("\n")}`);
});

// The provider double holds every REST request the servers send it to the
// provider's published API definitions (issue 40): a file during which one was
// refused fails, naming it (files run in parallel on one double: a file running
// beside the one that sent it fails too), and the run fails in global teardown.
let fileStarted = 0;
beforeAll(() => {
  fileStarted = Date.now();
});
afterAll(async () => {
  const response = await originalFetch(`${inject("fakeProviderUrl")}/__violations`);
  const violations = ((await response.json()) as { method: string; path: string; query: string; problems: string[]; at: number }[]).filter((v) => v.at >= fileStarted);
  if (violations.length === 0) return;
  throw new Error(`Requests to the provider its API definitions refuse:\n${violations.map((v) => `${v.method} ${v.path}${v.query}: ${v.problems.join("; ")}`).join("\n")}`);
});
