import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AGENT_MOVERS, AGENT_STATUSES, AGENT_TRANSITIONS, agentStateTable, allowedMoves, mayMove } from "./agent-states";

describe("an agent's states", () => {
  it("the README shows the table the service enforces", () => {
    expect(readFileSync("README.md", "utf8")).toContain(agentStateTable());
  });

  it("a call starting only ever makes an agent Busy, and only the agent makes a Missed or Offline agent ready (I4)", () => {
    for (const from of AGENT_STATUSES) expect(AGENT_TRANSITIONS.call_starts[from]).toEqual(["busy"]);
    for (const mover of AGENT_MOVERS) {
      for (const from of ["missed", "offline"] as const) expect([mover, mayMove(mover, from, "available")]).toEqual([mover, mover === "agent"]);
    }
  });

  it("every move is a from>to pair of known states", () => {
    for (const mover of AGENT_MOVERS) {
      for (const pair of allowedMoves(mover)) {
        const [from, to] = pair.split(">");
        expect(AGENT_STATUSES).toContain(from);
        expect(AGENT_STATUSES).toContain(to);
      }
    }
  });
});
