"use client";

import { useState } from "react";
import { knownTags } from "@/lib/contacts/tags/known-tag";
import type { DepartmentView } from "./types";
import { useTagNames } from "./use-tag-names";

/** Tag, department, date and status filters (the quick search sits in the toolbar). Keyed by the tag filter, so it starts over when a preset changes it. */
export function ContactFilterBar({
  filters,
  set,
  setAll,
  departments,
}: {
  filters: Record<string, string>;
  set: (key: string, value: string) => void;
  setAll: (filters: Record<string, string>) => void;
  departments: DepartmentView[];
}) {
  const [tags, setTags] = useState(filters.tags ?? filters.tags_any ?? "");
  const names = useTagNames();
  const mode = filters.tags_any ? "tags_any" : "tags";
  // Typed "vip" filters on the organization's "VIP" (filters match tags exactly).
  const applyTags = (value: string, key = mode) => {
    const rest = Object.fromEntries(Object.entries(filters).filter(([k]) => k !== "tags" && k !== "tags_any"));
    const chosen = knownTags(value, names).join(", ");
    setTags(chosen);
    setAll(chosen ? { ...rest, [key]: chosen } : rest);
  };
  const unknown = names.length
    ? (filters[mode] ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t && !names.includes(t))
    : [];
  return (
    <form
      className="filters"
      aria-label="Contact filters"
      onSubmit={(e) => {
        e.preventDefault();
        applyTags(tags);
      }}
    >
      <div className="field">
        <label htmlFor="f-tags">Tags</label>
        <input
          id="f-tags"
          className="input"
          placeholder="vip, london"
          list="f-tag-names"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          onBlur={() => tags !== (filters[mode] ?? "") && applyTags(tags)}
          aria-describedby="f-tags-unknown"
        />
        <datalist id="f-tag-names">
          {names.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        {unknown.length > 0 && (
          <span id="f-tags-unknown" className="hint">
            No contact carries {unknown.map((t) => `“${t}”`).join(", ")}.
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="f-tag-mode">Match</label>
        <select id="f-tag-mode" value={mode} onChange={(e) => applyTags(tags, e.target.value)}>
          <option value="tags">All tags</option>
          <option value="tags_any">Any tag</option>
        </select>
      </div>
      {departments.length > 1 && (
        <div className="field">
          <label htmlFor="f-dept">Department</label>
          <select id="f-dept" value={filters.department_id ?? ""} onChange={(e) => set("department_id", e.target.value)}>
            <option value="">All</option>
            {departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="f-created-from">Created from</label>
        <input id="f-created-from" type="date" value={filters.created_from ?? ""} max={filters.created_to || undefined} onChange={(e) => set("created_from", e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="f-created-to">Created to</label>
        <input id="f-created-to" type="date" value={filters.created_to ?? ""} min={filters.created_from || undefined} onChange={(e) => set("created_to", e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="f-status">Status</label>
        <select id="f-status" value={filters.status ?? "active"} onChange={(e) => set("status", e.target.value === "active" ? "" : e.target.value)}>
          <option value="active">Active</option>
          <option value="archived">Archived</option>
          <option value="all">All</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-opted-out">Opted out</label>
        <select id="f-opted-out" value={filters.opted_out ?? ""} onChange={(e) => set("opted_out", e.target.value)}>
          <option value="">Either</option>
          <option value="true">Opted out</option>
          <option value="false">Not opted out</option>
        </select>
      </div>
      <button type="submit" hidden>
        Apply
      </button>
    </form>
  );
}
