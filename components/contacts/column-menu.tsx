"use client";

import { useState } from "react";
import { CONTACT_COLUMNS, type ColumnKey } from "./contact-columns";

export function ColumnMenu({ columns, toggle }: { columns: ColumnKey[]; toggle: (key: ColumnKey) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="columns-menu" onKeyDown={(e) => e.key === "Escape" && setOpen(false)}>
      <button type="button" className="button secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Columns
      </button>
      {open && (
        <div role="group" aria-label="Visible columns">
          {CONTACT_COLUMNS.map((column) => (
            <label key={column.key}>
              <input type="checkbox" checked={columns.includes(column.key)} onChange={() => toggle(column.key)} />
              {column.label}
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
