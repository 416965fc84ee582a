"use client";

import { useState } from "react";
import { TEMPLATE_PLACEHOLDERS } from "@/lib/messages/render-template";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";

/** Saved replies for the whole organization (managers and admins write them; everyone picks them in the composer). */
export function TemplateManager() {
  const token = useApiToken();
  const { data, mutate } = useApiGet("/api/message-templates", {});
  const [name, setName] = useState("");
  const [body, setBody] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (path: string, init: RequestInit) => {
    setProblem(null);
    try {
      await apiFetch(path, token!, init);
      await mutate();
      return true;
    } catch (e) {
      const error = e as ApiRequestError;
      setProblem(error.body?.errors ? Object.values(error.body.errors).flat().join(" ") : error.message);
      return false;
    }
  };
  const add = async () => {
    if (await run("/api/message-templates", { method: "POST", body: JSON.stringify({ name, body }) })) {
      setName("");
      setBody("");
    }
  };

  return (
    <section className="panel" aria-label="Saved replies">
      <h2>Saved replies</h2>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      {data && data.data.length === 0 && <p className="muted small">No saved replies yet.</p>}
      <ul className="timeline">
        {data?.data.map((template) => (
          <li key={template.id}>
            <strong>{template.name}</strong>
            <span className="small" style={{ flex: 1 }}>
              {template.body}
            </span>
            <button type="button" className="button ghost small" onClick={() => run(`/api/message-templates/${template.id}`, { method: "DELETE" })}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => (e.preventDefault(), add())} style={{ marginTop: 12 }}>
        <div className="field">
          <label htmlFor="tpl-name">Name</label>
          <input id="tpl-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
        </div>
        <div className="field">
          <label htmlFor="tpl-body">Text</label>
          <textarea id="tpl-body" value={body} onChange={(e) => setBody(e.target.value)} maxLength={1600} required />
          <span className="hint">Placeholders: {TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")} and custom fields by key.</span>
        </div>
        <button type="submit" className="button secondary" disabled={!name.trim() || !body.trim()}>
          Save reply
        </button>
      </form>
    </section>
  );
}
