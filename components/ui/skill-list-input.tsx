"use client";

import { useId } from "react";

export interface SkillRow {
  skill: string;
  level: number;
}

/**
 * A list of skills with a level each (issue 44): an agent's skills, or the
 * skills a queue requires with their minimum level. Rows are added and
 * removed with buttons; errors arrive from the API by index
 * (`<prefix>.<index>.skill`) and show beside their row.
 */
export function SkillListInput({
  label,
  levelLabel,
  value,
  onChange,
  errors,
  prefix = "",
}: {
  label: string;
  levelLabel: string;
  value: SkillRow[];
  onChange: (rows: SkillRow[]) => void;
  errors?: Record<string, string[]>;
  prefix?: string;
}) {
  const base = useId();
  const error = (index: number) => errors?.[`${prefix}${index}.skill`]?.[0] ?? errors?.[`${prefix}${index}.level`]?.[0] ?? errors?.[`${prefix}${index}.min_level`]?.[0];
  const set = (index: number, row: Partial<SkillRow>) => onChange(value.map((r, i) => (i === index ? { ...r, ...row } : r)));
  return (
    <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0, gap: 6 }}>
      <legend style={{ fontWeight: 600, fontSize: "0.9rem", marginBottom: 4 }}>{label}</legend>
      {value.length === 0 && <span className="hint muted small">None.</span>}
      {value.map((row, index) => (
        <div key={index} className="row" style={{ alignItems: "center", gap: 8 }}>
          <label className="sr-only" htmlFor={`${base}-skill-${index}`}>{`Skill ${index + 1}`}</label>
          <input
            id={`${base}-skill-${index}`}
            className="input"
            value={row.skill}
            maxLength={40}
            placeholder="e.g. spanish"
            onChange={(e) => set(index, { skill: e.target.value })}
            aria-invalid={error(index) ? true : undefined}
          />
          <label className="small" htmlFor={`${base}-level-${index}`}>
            {levelLabel}
          </label>
          <input
            id={`${base}-level-${index}`}
            className="input"
            type="number"
            min={1}
            max={10}
            style={{ width: 64 }}
            value={row.level}
            onChange={(e) => set(index, { level: Number(e.target.value) })}
          />
          <button type="button" className="button secondary small" aria-label={`Remove ${row.skill || `skill ${index + 1}`}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
            ×
          </button>
          {error(index) && (
            <span className="error small" role="alert">
              {error(index)}
            </span>
          )}
        </div>
      ))}
      <div>
        <button type="button" className="button ghost small" onClick={() => onChange([...value, { skill: "", level: 1 }])}>
          Add a skill
        </button>
      </div>
    </fieldset>
  );
}
