"use client";

import { useState } from "react";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";

/** Per-user presets of the list's filters: apply one, save the current ones, delete. */
export function SavedFilterMenu({ current, onApply }: { current: Record<string, string>; onApply: (filters: Record<string, string>) => void }) {
  const token = useApiToken();
  const { data, mutate } = useApiGet("/api/saved-filters", {});
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState("");
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      const saved = await apiSend("post", "/api/saved-filters", token!, { body: { name: name.trim(), filters: current } });
      await mutate();
      setSelected(String(saved.id));
      setNaming(false);
      setName("");
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async () => {
    if (!selected) return;
    await apiSend("delete", "/api/saved-filters/{id}", token!, { path: { id: Number(selected) } });
    setSelected("");
    await mutate();
  };

  return (
    <div className="row" style={{ alignItems: "center", gap: 6 }}>
      <label htmlFor="preset" className="small muted">
        Preset
      </label>
      <select
        id="preset"
        className="input"
        value={selected}
        onChange={(e) => {
          setSelected(e.target.value);
          const preset = data?.data.find((p) => String(p.id) === e.target.value);
          if (preset) onApply(preset.filters);
        }}
      >
        <option value="">{data?.data.length ? "Choose…" : "No presets yet"}</option>
        {data?.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {naming ? (
        <form onSubmit={save} className="row" style={{ gap: 4, alignItems: "center" }} aria-label="Save filters as a preset">
          <input className="input" aria-label="Preset name" placeholder="Preset name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={100} />
          <button type="submit" className="button small">
            Save
          </button>
          <button type="button" className="button secondary small" onClick={() => setNaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className="button ghost small" onClick={() => setNaming(true)} disabled={Object.keys(current).length === 0} title="Save the current filters as a preset">
          Save filters
        </button>
      )}
      {selected && (
        <button type="button" className="button ghost small" onClick={remove}>
          Delete preset
        </button>
      )}
      {error && (
        <span className="error small" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
