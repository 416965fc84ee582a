// The layers of lib/, enforced in `npm run lint` (issue 43). A wrong import
// fails the gate, naming the rule, the importer and the imported file.
//
// Infrastructure is what any room of the house may use and what never knows
// a room: configuration, logging, the one error type, secrets, the network's
// rules, the database, the job queue, metrics. It imports nothing above it.
// The event bus is here: who may receive an event is passed in by whoever
// opens a stream (lib/routes/event-stream.ts), never looked up in lib/auth.
const INFRASTRUCTURE = "^lib/(env|logger|errors|crypto|net|db|jobs|metrics|events|process|shutdown)(/|\\.ts$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "infrastructure-imports-no-domain",
      comment:
        "Infrastructure (lib/env, logger, errors, crypto, net, db, jobs, metrics, events) imports only infrastructure: a lower folder " +
        "that needs a higher one takes a hook registered at start-up, or the check passed in.",
      severity: "error",
      from: { path: INFRASTRUCTURE },
      to: { path: "^lib/", pathNot: [INFRASTRUCTURE, "^lib/generated/"] },
    },
    {
      name: "folders-acyclic",
      comment:
        "The folders of lib/ depend one way: no folder reaches itself again through the folders it imports. A lower folder that " +
        "needs a higher one is handed what it needs (a parameter, a hook at start-up); a shape two folders share moves down.",
      severity: "error",
      scope: "folder",
      from: { path: "^lib/" },
      to: { circular: true },
    },
    {
      name: "composition-root-imported-by-no-one",
      comment:
        "lib/server is the composition root and only that: start-up's wiring, and the front door that answers streams and probes " +
        "ahead of the framework. It knows every folder; no folder of lib/ knows it.",
      severity: "error",
      from: { path: "^lib/", pathNot: "^lib/server/" },
      to: { path: "^lib/server/" },
    },
    {
      name: "route-declarations-serve-app-only",
      comment:
        "lib/routes is how an API route is declared, guarded and documented (the wrapper, its variants, the API document): app/api uses it, " +
        "and start-up and the front door serve what it declares. A domain folder never knows the routes that call it.",
      severity: "error",
      from: { path: "^lib/", pathNot: "^lib/(server|routes)/" },
      to: { path: "^lib/routes/" },
    },
    {
      name: "domain-imports-no-provider-adapter",
      comment:
        "The provider is one adapter folder (lib/twilio). Domain code asks the port (lib/telephony/port.ts), which start-up wires " +
        "to the adapter; only the composition root and the demo seed (which plays the simulator's past calls) import the adapter.",
      severity: "error",
      from: { path: "^lib/", pathNot: "^lib/(twilio|server|setup/demo)/" },
      to: { path: "^lib/twilio/" },
    },
    {
      name: "only-the-adapter-speaks-to-the-provider-package",
      comment: "The provider's SDK (its REST client, TwiML builder, signature check, access tokens) is imported in its adapter folder only.",
      severity: "error",
      from: { path: "^lib/", pathNot: "^lib/twilio/" },
      to: { path: "node_modules/twilio/" },
    },
    {
      name: "port-imports-only-infrastructure",
      comment:
        "The telephony port (lib/telephony: the port, the domain's call and text events, the organization's numbers and signing " +
        "secret) is the domain's floor towards the provider: it imports only infrastructure.",
      severity: "error",
      from: { path: "^lib/telephony/" },
      to: { path: "^lib/", pathNot: [INFRASTRUCTURE, "^lib/telephony/", "^lib/generated/"] },
    },
    {
      name: "lib-imports-no-app",
      comment: "lib/ never imports app/: the route table is generated beside the routes (app/api/operations.ts, from each folder's docs.ts) and start-up is handed it.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^app/" },
    },
    {
      name: "lib-imports-no-components",
      comment: "lib/ is the server's and the pages' shared logic; React components import it, never the reverse.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^components/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests may reach across layers to set a scene: the rules are about the product's own imports.
    exclude: { path: "(^|/)(\\.next|lib/generated)/|\\.test\\.ts$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
