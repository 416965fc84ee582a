// The provider's published API definitions (twilio/twilio-oai,
// spec/json/twilio_api_v2010.json, kept beside this file with its licence)
// held against every REST request the fake provider receives: a request the
// real provider would not understand is a defect of ours, whatever the double
// answers. What is checked: the operation (method and path, path parameters
// against their patterns), every form field of a POST and query parameter of
// a GET by name (form fields are the requestBody's
// application/x-www-form-urlencoded schema), enums, booleans, integers and
// patterns. An empty list means the provider would take the request.
import { readFileSync } from "node:fs";

const SPEC = JSON.parse(readFileSync(new URL("./twilio-oai/twilio_api_v2010.json", import.meta.url), "utf8"));

function resolve(schema) {
  if (!schema?.$ref) return schema ?? {};
  return schema.$ref
    .slice(2)
    .split("/")
    .reduce((node, part) => node[part], SPEC);
}

const routes = Object.entries(SPEC.paths)
  .map(([template, item]) => ({
    template,
    item,
    names: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "([^/]+)")}$`),
    literal: template.replace(/\{\w+\}/g, "").length,
  }))
  // A literal segment wins over a parameter: …/Calls/{CallSid}/Events.json is not …/Calls/{Sid}.json.
  .sort((a, b) => b.literal - a.literal);

/** What is wrong with one value against its schema (undefined: nothing). */
function valueProblem(name, value, schema) {
  const s = resolve(schema);
  if (s.type === "array") return valueProblem(name, value, s.items);
  if (s.enum && !s.enum.includes(value)) return `${name}=${JSON.stringify(value)} is not one of ${s.enum.join(", ")}`;
  if (s.type === "boolean" && value !== "true" && value !== "false") return `${name}=${JSON.stringify(value)} is not a boolean`;
  if (s.type === "integer" && !/^-?\d+$/.test(value)) return `${name}=${JSON.stringify(value)} is not an integer`;
  if (s.pattern && !new RegExp(s.pattern).test(value)) return `${name}=${JSON.stringify(value)} does not match ${s.pattern}`;
  return undefined;
}

/** Checks named values (repeated names: each value) against the schemas by name. */
function fieldProblems(where, entries, schemas) {
  const problems = [];
  for (const [name, value] of entries) {
    if (!(name in schemas)) problems.push(`unknown ${where} ${name}`);
    else {
      const problem = valueProblem(name, value, schemas[name]);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/**
 * The problems the provider's API definitions find with one request: the
 * operation (`operation`: "METHOD /template", undefined when none matches) and
 * a list of what is wrong (empty: a request the provider understands).
 */
export function checkProviderRequest(method, pathname, query, body, contentType = "") {
  const route = routes.find((r) => r.pattern.test(pathname));
  const verb = method.toLowerCase();
  if (!route || !route.item[verb]) return { operation: undefined, problems: [`unknown operation ${method} ${pathname}`] };
  const operation = route.item[verb];
  const name = `${method} ${route.template}`;
  const problems = [];
  const parameters = [...(route.item.parameters ?? []), ...(operation.parameters ?? [])];
  const values = route.pattern.exec(pathname).slice(1).map(decodeURIComponent);
  route.names.forEach((param, i) => {
    const declared = parameters.find((p) => p.in === "path" && p.name === param);
    const problem = declared && valueProblem(param, values[i], declared.schema);
    if (problem) problems.push(`path ${problem}`);
  });
  const queryParams = Object.fromEntries(parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]));
  problems.push(...fieldProblems("query parameter", [...query.entries()], queryParams));
  if (verb === "post") {
    const form = operation.requestBody?.content?.["application/x-www-form-urlencoded"]?.schema;
    const fields = form ? (resolve(form).properties ?? {}) : {};
    if (body && !contentType.startsWith("application/x-www-form-urlencoded")) problems.push(`body sent as ${contentType || "no content type"}, not a form`);
    const entries = [...new URLSearchParams(body ?? "").entries()];
    problems.push(...fieldProblems("form field", entries, fields));
    for (const required of (form && resolve(form).required) ?? []) if (!entries.some(([k]) => k === required)) problems.push(`missing required form field ${required}`);
  } else if (body) {
    problems.push(`a ${method} with a body`);
  }
  return { operation: name, problems };
}
