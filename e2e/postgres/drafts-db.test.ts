import { describe, expect, inject, it } from "vitest";
import { createTenant } from "../support/factories";
import { connectToTestDatabase } from "../support/test-database";

// Issue 45, point 1: a draft nobody came back to in 30 days is dropped when
// its owner starts a new one, and only then: saving the draft being typed
// (every debounced keystroke) looks at nothing else. The test ages a draft
// in the table rather than waiting a month.

const db = connectToTestDatabase();
const notes = (n: number) => `/api/drafts/call_notes/CA${String(n).padStart(32, "0")}`;

describe("drafts across a month", () => {
  it("an old draft goes when its owner starts another, not while they type on in one they have", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const put = (path: string, body: string) => tenant.client.request("PUT", path, { token: tenant.agentA.token, body: { body } });
    expect((await put(notes(1), "Forgotten notes")).status).toBe(200);
    expect((await put(notes(2), "Notes being typed")).status).toBe(200);
    await db.query(`UPDATE drafts SET updated_at = now() - interval '31 days' WHERE user_id = $1 AND ref = $2`, [tenant.agentA.id, notes(1).split("/").pop()]);

    // Typing on in an existing draft leaves the old one alone.
    expect((await put(notes(2), "Notes being typed, more")).status).toBe(200);
    expect((await tenant.client.get(notes(1), tenant.agentA.token)).body).toMatchObject({ body: "Forgotten notes" });

    // Starting a new draft drops it; the others stay.
    expect((await put(notes(3), "A new call's notes")).status).toBe(200);
    expect((await tenant.client.get(notes(1), tenant.agentA.token)).body).toMatchObject({ body: "", updated_at: null });
    expect((await tenant.client.get(notes(2), tenant.agentA.token)).body.body).toBe("Notes being typed, more");
    expect((await tenant.client.get(notes(3), tenant.agentA.token)).body.body).toBe("A new call's notes");
  });
});
