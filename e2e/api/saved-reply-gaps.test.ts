import { describe, expect, it } from "vitest";
import { makeContact } from "../support/contacts";
import { createTenant } from "../support/factories";
import { textingTenant } from "../support/messages";

// Issue 45, point 6: a saved reply never sends a blank. A send by template
// that needs a field the contact has no value for is refused with 422 naming
// the fields, and so is a body still holding a field's placeholder; nothing
// is stored or sent.
describe("saved replies with gaps", () => {
  it("refuses a saved reply whose fields this contact lacks, and a body with a placeholder left in it; sends once they are filled", async () => {
    const tenant = await createTenant();
    await textingTenant(tenant);
    const field = await tenant.client.post("/api/custom-fields", { name: "plan", label: "Plan", field_type: "text" }, tenant.admin.token);
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    const contact = await makeContact(tenant, { name: "Maria Lopez" });
    const template = await tenant.client.post("/api/message-templates", { name: "Renewal", body: "Hi {{first_name}}, your {{plan}} plan at {{company}} renews soon." }, tenant.managerA.token);
    expect(template.status).toBe(201);

    const refused = await tenant.client.post("/api/messages", { contact_id: contact.id, template_id: template.body.id }, tenant.agentA.token);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(["fields.company", "fields.plan", "template_id"]);
    expect(refused.body.errors.template_id[0]).toContain("plan, company");

    const gap = await tenant.client.post("/api/messages", { contact_id: contact.id, body: "Hi Maria, your {{plan}} plan renews soon." }, tenant.agentA.token);
    expect(gap.status).toBe(422);
    expect(Object.keys(gap.body.errors).sort()).toEqual(["body", "fields.plan"]);
    // Braces that name no field are the agent's own text.
    expect((await tenant.client.post("/api/messages", { contact_id: contact.id, body: "Use code {{SPRING}} at checkout." }, tenant.agentA.token)).status).toBe(201);
    const list = await tenant.client.get(`/api/conversations?q=${encodeURIComponent(contact.phone.slice(1))}`, tenant.agentA.token);
    const conversation = list.body.data[0];
    const messages = await tenant.client.get(`/api/conversations/${conversation.id}/messages`, tenant.agentA.token);
    expect(messages.body.data.map((m: { body: string }) => m.body)).toEqual(["Use code {{SPRING}} at checkout."]);

    const filled = await tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.managerA.token, body: { company: "Lopez Ltd", custom_fields: { plan: "Gold" } } });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const sent = await tenant.client.post("/api/messages", { contact_id: contact.id, template_id: template.body.id }, tenant.agentA.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.body).toBe("Hi Maria, your Gold plan at Lopez Ltd renews soon.");
  });
});
