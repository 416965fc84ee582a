"use client";

import { isolateBidi } from "@/lib/client/format/isolate-bidi";
import { Link } from "@/components/ui/link";
import { useRef, useState } from "react";
import { formatDate, formatDateTime, formatPhone, formatShortDateTime, formatNumber } from "@/lib/client/format/display";
import { apiUrl, useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { useApi } from "@/lib/client/swr/use-api";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { LocalTime, useLocalText } from "@/components/ui/local-time";
import { BulkBar } from "./bulk-bar";
import { ColumnMenu } from "./column-menu";
import { ContactFilterBar } from "./contact-filter-bar";
import { CONTACT_COLUMNS, useColumnChoice, type ColumnKey } from "./contact-columns";
import { ExportMenu } from "./export-menu";
import { SavedFilterMenu } from "./saved-filter-menu";
import type { ContactView } from "./types";
import { useListFilters } from "./use-list-filters";

function SortHeader({ label, field, sort, onSort }: { label: string; field: string; sort: string; onSort: (sort: string) => void }) {
  const active = sort === field ? "ascending" : sort === `-${field}` ? "descending" : undefined;
  return (
    <th aria-sort={active ?? "none"}>
      <button type="button" className="sort" onClick={() => onSort(sort === field ? `-${field}` : field)}>
        {label} {active === "ascending" ? "▲" : active === "descending" ? "▼" : ""}
      </button>
    </th>
  );
}

function cell(contact: ContactView, key: ColumnKey, departments: Map<number, string>) {
  switch (key) {
    case "phone":
      return <span className="mono">{formatPhone(contact.phone)}</span>;
    case "email":
      return contact.email ?? <span className="muted">—</span>;
    case "company":
      return contact.company ?? <span className="muted">—</span>;
    case "tags":
      return contact.tags.map((t) => (
        <span key={t} className={`tag ${t.toLowerCase() === "dnc" ? "dnc" : ""}`}>
          {t}
        </span>
      ));
    case "department":
      return departments.get(contact.department_id) ?? contact.department_id;
    case "status":
      return <span className={`badge ${contact.status === "active" ? "ok" : ""}`}>{contact.status}</span>;
    case "last_called_at":
      return contact.last_called_at ? <LastCalled at={contact.last_called_at} /> : <span className="muted">Never</span>;
    case "total_calls":
      return contact.total_calls;
    case "created_at":
      return <LocalTime format={() => formatDate(contact.created_at)} />;
    case "updated_at":
      return <LocalTime format={() => formatDate(contact.updated_at)} />;
  }
}

/** The contact manager's list: search, filters, sorting, columns, presets, bulk actions, export. */
export function ContactsTable() {
  const { filters, apiFilters, page, set, setAll, setPage } = useListFilters();
  const { columns, toggle } = useColumnChoice();
  const [q, setQ] = useState(filters.q ?? "");
  // A selection belongs to the page it was made on: another page or filter starts empty.
  // everyMatching: the page's contacts stand for every contact the filters match (an operation on the server).
  const [selection, setSelection] = useState<{ key: string; ids: Set<number>; everyMatching?: boolean }>({ key: "", ids: new Set() });
  const [notice, setNotice] = useState<string | null>(null);
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  // The filters are the page address's own query (the list, the export and the presets share it), passed on as they are.
  const listUrl = apiUrl("/api/contacts", { query: { ...apiFilters, page, per_page: 25 } });
  const { data, error, isLoading, mutate } = useApi<GetAnswer<"/api/contacts">>(listUrl, { keepPreviousData: true });
  const sort = filters.sort ?? "-created_at";
  const departmentNames = new Map((departments.data?.data ?? []).map((d) => [d.id, d.name]));

  // Typing searches after a short pause, not on every key.
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = (value: string) => {
    setQ(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => set("q", value.trim()), 300);
  };
  const selectionKey = `${listUrl}|${data?.data.map((r) => r.id).join(",")}`;
  const selected = selection.key === selectionKey ? selection.ids : new Set<number>();
  const everyMatching = selection.key === selectionKey && selection.everyMatching === true && selected.size > 0;
  const total = data?.meta.total ?? 0;
  // The list's filters as the bulk action takes them (sorting and paging are not part of a selection).
  const selectionFilter = Object.fromEntries(Object.entries(apiFilters).filter(([key, value]) => key !== "sort" && value !== "" && value !== undefined)) as Record<string, string>;
  const setSelected = (update: Set<number> | ((current: Set<number>) => Set<number>)) => setSelection({ key: selectionKey, ids: typeof update === "function" ? update(selected) : update });

  const rows = data?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggleRow = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filtered = Object.keys(filters).some((key) => key !== "sort");

  return (
    <>
      <div className="toolbar">
        <input type="search" aria-label="Search contacts" placeholder="Name, phone, email or company" value={q} onChange={(e) => search(e.target.value)} />
        <SavedFilterMenu
          current={filters}
          onApply={(f) => {
            setQ(f.q ?? "");
            setAll(f);
          }}
        />
        <ColumnMenu columns={columns} toggle={toggle} />
        <ExportMenu filters={apiFilters} />
      </div>
      <ContactFilterBar key={filters.tags ?? filters.tags_any ?? ""} filters={filters} set={set} setAll={setAll} departments={departments.data?.data ?? []} />
      {notice && (
        <div className="success" role="status" style={{ marginBottom: 12 }}>
          {notice}
        </div>
      )}
      {selected.size > 0 && (
        <BulkBar
          selection={everyMatching ? { filter: selectionFilter, count: data!.meta.total } : { ids: [...selected] }}
          archived={filters.status === "archived"}
          onDone={(m) => {
            setNotice(m);
            setSelected(new Set());
            mutate();
          }}
        />
      )}
      {allSelected && total > rows.length && (
        <div className="notice" style={{ marginBottom: 12 }}>
          {everyMatching ? (
            <>
              All {formatNumber(total)} contacts matching this list are selected.{" "}
              <button type="button" className="button ghost small" onClick={() => setSelected(new Set())}>
                Clear the selection
              </button>
            </>
          ) : (
            <>
              The {rows.length} contacts on this page are selected.{" "}
              <button type="button" className="button ghost small" onClick={() => setSelection({ key: selectionKey, ids: selected, everyMatching: true })}>
                Select all {formatNumber(total)} matching contacts
              </button>
            </>
          )}
        </div>
      )}
      <ErrorAlert error={error} prefix="Could not load contacts" />
      {isLoading && !data && <SkeletonRows label="Loading contacts" rows={8} />}
      {data && rows.length === 0 && (
        <EmptyState title={filtered ? "No contact matches these filters" : "No contacts yet"}>
          {filtered ? (
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setQ("");
                setAll({});
              }}
            >
              Clear filters
            </button>
          ) : (
            <>
              Add one with <Link href="/contacts/new">New contact</Link> or bring a list in with <Link href="/contacts/import">Import</Link>.
            </>
          )}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="data stacked" aria-label="Contacts" aria-busy={isLoading}>
            <thead>
              <tr>
                <th style={{ width: 32 }}>
                  <input type="checkbox" aria-label="Select all on this page" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))} />
                </th>
                <SortHeader label="Name" field="name" sort={sort} onSort={(s) => set("sort", s)} />
                {CONTACT_COLUMNS.filter((c) => columns.includes(c.key)).map((c) =>
                  "sort" in c ? <SortHeader key={c.key} label={c.label} field={c.sort} sort={sort} onSort={(s) => set("sort", s)} /> : <th key={c.key}>{c.label}</th>,
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((contact) => (
                <tr key={contact.id} className={selected.has(contact.id) ? "selected" : undefined}>
                  <td className="select-cell">
                    <input type="checkbox" aria-label={`Select ${contact.name}`} checked={selected.has(contact.id)} onChange={() => toggleRow(contact.id)} />
                  </td>
                  <td className="title-cell">
                    <Link href={`/contacts/${contact.id}`}>{isolateBidi(contact.name)}</Link>
                    {contact.opted_out && (
                      <span className="badge warn" style={{ marginLeft: 6 }} title="Opted out of calls">
                        opted out
                      </span>
                    )}
                  </td>
                  {CONTACT_COLUMNS.filter((c) => columns.includes(c.key)).map((c) => (
                    <td key={c.key} data-label={c.label}>
                      {cell(contact, c.key, departmentNames)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager meta={data.meta} onPage={setPage} />}
    </>
  );
}

/** When the contact was last called, on the organization's clock, as the server drew it (see LocalTime): the whole date and time in its title. */
function LastCalled({ at }: { at: string }) {
  const title = useLocalText(() => formatDateTime(at));
  return (
    <time className="nowrap" dateTime={at} title={title}>
      <LocalTime format={() => formatShortDateTime(at)} />
    </time>
  );
}
