"use client";

import { useBrowserChoice } from "@/components/ui/use-browser-choice";

export const CONTACT_COLUMNS = [
  { key: "phone", label: "Phone" },
  { key: "email", label: "Email" },
  { key: "company", label: "Company" },
  { key: "tags", label: "Tags" },
  { key: "department", label: "Department" },
  { key: "status", label: "Status" },
  { key: "last_called_at", label: "Last called", sort: "last_called_at" },
  { key: "total_calls", label: "Calls", sort: "total_calls" },
  { key: "created_at", label: "Created", sort: "created_at" },
  { key: "updated_at", label: "Updated", sort: "updated_at" },
] as const;
export type ColumnKey = (typeof CONTACT_COLUMNS)[number]["key"];

const DEFAULT: ColumnKey[] = ["phone", "email", "company", "tags", "last_called_at", "total_calls"];
const STORAGE_KEY = "contacts.columns";

/** The columns this person chose, remembered in the browser. */
export function useColumnChoice() {
  const [raw, store] = useBrowserChoice(STORAGE_KEY);
  const columns: ColumnKey[] = raw ? (JSON.parse(raw) as ColumnKey[]) : DEFAULT;
  const toggle = (key: ColumnKey) => {
    const next = columns.includes(key) ? columns.filter((c) => c !== key) : CONTACT_COLUMNS.map((c) => c.key).filter((k) => k === key || columns.includes(k));
    store(JSON.stringify(next));
  };
  return { columns, toggle };
}
