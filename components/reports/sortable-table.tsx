"use client";

import { useState } from "react";

export interface Column<Row> {
  key: keyof Row & string;
  label: string;
  numeric?: boolean;
  format?: (value: Row[keyof Row], row: Row) => React.ReactNode;
}

/** A table whose headers sort it (click again to reverse). */
export function SortableTable<Row extends object>({ rows, columns, label, empty }: { rows: Row[]; columns: Column<Row>[]; label: string; empty: string }) {
  const [sort, setSort] = useState<{ key: string; desc: boolean }>({ key: columns[0].key, desc: false });
  if (rows.length === 0) return <p className="muted small">{empty}</p>;
  const sorted = [...rows].sort((a, b) => {
    const x = (a as Record<string, unknown>)[sort.key];
    const y = (b as Record<string, unknown>)[sort.key];
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x ?? "").localeCompare(String(y ?? ""));
    return sort.desc ? -order : order;
  });
  return (
    <div className="table-wrap">
      <table className="data" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={c.numeric ? "num" : undefined} aria-sort={sort.key === c.key ? (sort.desc ? "descending" : "ascending") : "none"}>
                <button type="button" className="sort" onClick={() => setSort({ key: c.key, desc: sort.key === c.key ? !sort.desc : !!c.numeric })}>
                  {c.label} {sort.key === c.key ? (sort.desc ? "▼" : "▲") : ""}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? "num" : undefined}>
                  {c.format ? c.format(row[c.key], row) : String(row[c.key] ?? "—")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
