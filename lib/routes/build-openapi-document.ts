import "server-only";
import { z } from "zod";
import { rolesWith, type Permission } from "@/lib/auth/permissions";
import { routeDescription, type ProviderCallbackDescription, type RouteDescription } from "@/lib/http/route-description";
import { METHODS, type Method, type OperationGroup } from "./operation-group";
import { EVENT_CONTRACT, EVENT_TYPE_NAMES, RECEIVED_BY, streamedEventSchema } from "@/lib/events/event-contract";

// The OpenAPI 3.1 document of the API, built from the running routes: each
// handler carries its permission and its zod schemas (lib/http/route-description),
// turned into JSON Schema here, so the document cannot drift from what the
// routes accept. Written once per process, on first request.

type JsonSchema = Record<string, unknown>;

const ERROR_RESPONSES: Record<string, string> = {
  "401": 'Missing, malformed, expired or revoked bearer token: `{"message":"Unauthenticated."}`',
  "403": 'The role may not use this route or act on that record: `{"message":"Forbidden."}`',
  "404": 'No such record in the caller\'s reach: `{"message":"Not found."}`',
  "409": "Conflict",
  "413": "Body over the route's size limit",
  "422": "Validation failed: `{ message, errors: { field: [reasons] } }`",
  "429": "Rate limited (Retry-After header)",
  "503": "The database is too busy to answer in time; nothing was changed (Retry-After header)",
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  Identity: "Signing in, users, organizations, departments, integration keys, outgoing webhooks and the audit log",
  Contacts: "The contact database: search, edit, tags, custom fields, duplicates and merges, exports, long operations",
  Imports: "CSV, Excel and spreadsheet-link imports, followed row by row",
  Settings: "An organization's settings: imports, duplicates, retention, telephony, routing, calls, texts",
  Calls: "The queue, the softphone, call logs, live call control, voicemail and the simulator",
  "Live updates": "The event stream (Server-Sent Events)",
  Messages: "Text conversations, sending, saved replies",
  Campaigns: "Outbound campaigns: contacts, dry runs, dialing and preview mode",
  Reports: "Call figures by day, hour, agent, campaign and tag, and the live wallboard",
  "Provider callbacks": "Called by the telephony provider (signed form posts answered in its own format), not by clients",
  Service: "Liveness and readiness (the Prometheus metrics, GET /metrics, are an operator's and not part of this API)",
};

/** What a `format` query value answers, for the routes that offer files. */
const FORMAT_MEDIA_TYPES: Record<string, string> = {
  json: "application/json",
  csv: "text/csv",
  vcf: "text/vcard",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * Schemas given a name (`.meta({ id: "Contact" })`) become components: every
 * operation refers to the one definition, and the typed client names it.
 */
const NAMED_SCHEMAS = new Map<string, JsonSchema>();

/**
 * A request's schema is read on its input side: what a client sends (defaults
 * optional, coercions as their source type). An answer's on its output side:
 * what the serializer returns, a default filled in (a timestamp's Date says
 * it is an ISO string: lib/http/answer-schemas.ts).
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const text = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: "any" })).replaceAll('"#/$defs/', '"#/components/schemas/');
  // On the output side zod closes every object; an answer may grow fields, so it stays open.
  const converted = JSON.parse(text, (key, value: unknown) => (io === "output" && key === "additionalProperties" && value === false ? undefined : value)) as JsonSchema;
  delete converted.$schema; // the document's dialect is OpenAPI 3.1's, said once
  for (const [name, definition] of Object.entries((converted.$defs as Record<string, JsonSchema> | undefined) ?? {})) NAMED_SCHEMAS.set(name, definition);
  delete converted.$defs;
  return converted;
}

function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

function parameters(description: Extract<RouteDescription, { kind: "json" }>, path: string) {
  const out: JsonSchema[] = [];
  const pathNames = pathParameters(path);
  const paramProps = (description.params ? jsonSchema(description.params).properties : undefined) as Record<string, JsonSchema> | undefined;
  for (const name of pathNames) out.push({ name, in: "path", required: true, schema: paramProps?.[name] ?? { type: "string" } });
  if (description.query) {
    const query = jsonSchema(description.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      out.push({ name, in: "query", required: required.has(name), schema });
    }
  }
  return out;
}

function jsonOperation(group: OperationGroup, method: Method, description: Extract<RouteDescription, { kind: "json" }>) {
  const roles = description.permission ? rolesWith(description.permission as Permission) : undefined;
  const authenticated = description.auth !== false;
  const who = !authenticated ? "No authentication." : roles ? `Roles: ${roles.join(", ")}.` : "Any signed-in user.";
  // A DELETE answers 204 unless its route returns what it did.
  const success = String(description.status ?? (method === "DELETE" && !description.answers ? 204 : 200));
  const errors = new Set<string>();
  if (authenticated) errors.add("401");
  if (roles || group.path.includes("{")) errors.add("403");
  if (group.path.includes("{")) errors.add("404");
  // A write without a body schema refuses a JSON body with anything in it (route.ts): 422 too.
  if (description.body || description.query || description.params || group.ahead === "stream" || method !== "GET") errors.add("422");
  if (description.body) errors.add("413");
  if (authenticated) errors.add("503");
  const extra = group.responses?.[method] ?? {};

  return {
    tags: [group.tag],
    summary: group.summary[method],
    description: [who, group.description?.[method]].filter(Boolean).join(" "),
    operationId: operationId(method, group.path),
    ...(authenticated ? { security: [{ bearer: [] }] } : { security: [] }),
    parameters: parameters(description, group.path),
    ...(description.body && { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(description.body) } } } }),
    ...(group.upload && { requestBody: { required: true, content: { "multipart/form-data": { schema: uploadSchema(group.upload) } } } }),
    responses: {
      [success]:
        success === "204"
          ? { description: "Done, no body" }
          : success === "303"
            ? { description: "A redirect: the browser goes on to Location", headers: { Location: { schema: { type: "string" } } } }
            : group.ahead === "stream"
              ? {
                  description: "A Server-Sent Events stream: each frame's `event` is a type of the event contract, its `data` that type's schema (components `Event.<type>`)",
                  content: { "text/event-stream": { schema: { type: "string" } } },
                }
              : { description: "Success", content: successContent(group, method, description) },
      ...Object.fromEntries([...errors].map((status) => [status, { $ref: `#/components/responses/${status}` }])),
      ...Object.fromEntries(
        Object.entries(extra).map(([status, text]) => [
          status,
          status === "206" && group.file?.[method]
            ? { description: text, content: successContent(group, method, description) }
            : {
                description: text,
                content: {
                  "application/json": {
                    schema: status.startsWith("2") || description.alsoAnswers?.[Number(status)] ? otherSuccessSchema(description, status) : { $ref: "#/components/schemas/Error" },
                  },
                },
              },
        ]),
      ),
    },
  };
}

/** Another status's own shape (route()'s alsoAnswers: a 202's operation, the readiness check's 503). */
function otherSuccessSchema(description: Extract<RouteDescription, { kind: "json" }>, status: string): JsonSchema {
  const own = description.alsoAnswers?.[Number(status)];
  return own ? jsonSchema(own, "output") : { type: "object" };
}

/** The multipart form: the file part and the other fields as strings (a mapping is JSON text). */
function uploadSchema(upload: NonNullable<OperationGroup["upload"]>) {
  const fields = jsonSchema(upload.fields);
  const properties = Object.fromEntries(
    Object.entries((fields.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, schema]) => [
      name,
      { type: "string", description: schema.description ?? `As ${JSON.stringify(schema.type ?? "text")}` },
    ]),
  );
  return { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary", description: upload.file }, ...properties } };
}

/** JSON with its schema, and the files a `format` query value asks for. */
function successContent(group: OperationGroup, method: Method, description: Extract<RouteDescription, { kind: "json" }>) {
  const file = group.file?.[method];
  if (file) return Object.fromEntries([file].flat().map((type) => [type, { schema: { type: "string", format: "binary" } }]));
  // The route's own answer schema: its serializer's return type is checked against it.
  const json = { schema: description.answers ? jsonSchema(description.answers, "output") : { type: "object" } };
  const formatProperty = description.query ? (jsonSchema(description.query).properties as Record<string, JsonSchema> | undefined)?.format : undefined;
  const formats = (formatProperty?.enum as string[] | undefined) ?? ["json"];
  return Object.fromEntries(formats.map((format) => [FORMAT_MEDIA_TYPES[format], format === "json" ? json : { schema: { type: "string", description: `The ${format} file` } }]));
}

function providerOperation(group: OperationGroup, method: Method, callback: ProviderCallbackDescription) {
  return {
    tags: [group.tag],
    summary: group.summary[method],
    description: callback.description,
    operationId: operationId(method, group.path),
    security: [],
    parameters: callback.headers.map((name) => ({ name, in: "header", required: true, schema: { type: "string" } })),
    requestBody: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: {
            type: "object",
            additionalProperties: { type: "string" },
            ...(group.form && { properties: Object.fromEntries(Object.entries(group.form).map(([name, description]) => [name, { type: "string", description }])) }),
          },
        },
      },
    },
    responses: Object.fromEntries(Object.entries(callback.responses).map(([status, description]) => [status, { description, content: { [callback.mediaType]: {} } }])),
  };
}

function foreignOperation(group: OperationGroup, method: Method) {
  return {
    tags: [group.tag],
    summary: group.summary[method],
    description: group.description?.[method],
    operationId: operationId(method, group.path),
    security: [],
    parameters: pathParameters(group.path).map((name) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
      description: "next-auth's action (session, csrf, providers, signin, signout, callback…)",
    })),
    responses: {
      "200": {
        description: "next-auth's answer",
        content: { "application/json": { schema: { type: "object", description: "next-auth's own shapes: the session, a CSRF token, the providers, or a redirect address" } } },
      },
      "302": { description: "next-auth's redirect (after sign-in or sign-out)" },
      "400": {
        description: "next-auth refused the request (an unknown action, a missing CSRF token)",
        content: { "text/plain": { schema: { type: "string" } }, "application/json": { schema: { type: "object" } } },
      },
      "413": { description: "Body over 1 MB", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
    },
  };
}

/**
 * The event contract (lib/events/event-contract.ts): each type's data as the
 * stream sends it (its payload and `at`); a webhook's `data` is the payload.
 */
function eventSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(
    EVENT_TYPE_NAMES.map((type) => [
      `Event.${type}`,
      { ...jsonSchema(streamedEventSchema(type), "output"), description: `\`${type}\`: ${EVENT_CONTRACT[type].summary}. Received by: ${RECEIVED_BY[EVENT_CONTRACT[type].visibility]}.` },
    ]),
  );
}

/** post + /api/contacts/{id}/restore → postApiContactsIdRestore */
function operationId(method: Method, path: string): string {
  return `${method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`;
}

export function buildOpenApiDocument(operations: OperationGroup[], serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of operations) {
    for (const method of METHODS) {
      const handler = group.module[method];
      if (!handler) continue;
      const description = routeDescription(handler);
      if (description?.kind === "not_allowed") continue;
      paths[group.path] ??= {};
      paths[group.path][method.toLowerCase()] =
        description?.kind === "json"
          ? jsonOperation(group, method, description)
          : description?.kind === "provider"
            ? providerOperation(group, method, description.callback)
            : foreignOperation(group, method);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Contact center API",
      version: "1.0.0",
      description:
        "Voice queues, the browser softphone, outbound campaigns and the contact database. Authenticate with `POST /api/login` and " +
        "send `Authorization: Bearer <token>`. Field names are snake_case; lists are paged; errors always carry `message`.",
    },
    ...(serverUrl && { servers: [{ url: serverUrl }] }),
    // In the order above, whatever order the table lists its routes in (by path).
    tags: [...new Set([...Object.keys(TAG_DESCRIPTIONS), ...operations.map((g) => g.tag)])]
      .filter((name) => operations.some((g) => g.tag === name))
      .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "Opaque token from POST /api/login; expires after 30 days unless configured otherwise." } },
      schemas: {
        ...Object.fromEntries(NAMED_SCHEMAS),
        ...eventSchemas(),
        Error: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string" },
            errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
            duplicate_id: { type: "integer", description: "409 on a duplicate phone: the contact that holds it" },
            request_id: { type: "string", description: "500 only: quote it when reporting the failure" },
          },
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, text]) => [status, { description: text, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } }]),
      ),
    },
  };
}
