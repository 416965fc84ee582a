// The layers of lib/, enforced in `npm run lint` (issue 43). A wrong import
// fails the gate, naming the rule, the importer and the imported file.
//
// Infrastructure is what any room of the house may use and what never knows
// a room: configuration, logging, the one error type, secrets, the network's
// rules, the database, the job queue, metrics. It imports nothing above it.
// The event bus belongs here too, once who may receive an event is passed in
// rather than looked up in lib/auth (issue 43, still to do).
const INFRASTRUCTURE = "^lib/(env|logger|errors|crypto|net|db|jobs|metrics)(/|\\.ts$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "infrastructure-imports-no-domain",
      comment: "Infrastructure (lib/env, logger, errors, crypto, net, db, jobs, metrics) imports only infrastructure: a lower folder that needs a higher one takes a hook registered at start-up, or the check passed in.",
      severity: "error",
      from: { path: INFRASTRUCTURE, pathNot: "\\.test\\.ts$" },
      to: { path: "^lib/", pathNot: [INFRASTRUCTURE, "^lib/generated/"] },
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
    exclude: { path: "(^|/)(node_modules|\\.next|lib/generated)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
