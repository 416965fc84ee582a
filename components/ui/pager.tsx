import type { PageMeta } from "@/lib/http/pagination";
import { formatNumber } from "@/lib/client/format/display";

export function Pager({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  if (meta.total === 0) return null;
  const first = (meta.current_page - 1) * meta.per_page + 1;
  const last = Math.min(meta.total, meta.current_page * meta.per_page);
  // Above 10,000 matches a filtered list counts no further: the total is the planner's estimate.
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted small">
        {formatNumber(first)}–{formatNumber(last)} of {meta.total_exact === false ? "about " : ""}
        {formatNumber(meta.total)}
      </span>
      <button type="button" className="button secondary small" disabled={meta.current_page <= 1} onClick={() => onPage(meta.current_page - 1)}>
        Previous
      </button>
      <span className="small">
        Page {meta.current_page} of {formatNumber(Math.max(1, meta.last_page))}
      </span>
      <button type="button" className="button secondary small" disabled={meta.current_page >= meta.last_page} onClick={() => onPage(meta.current_page + 1)}>
        Next
      </button>
    </nav>
  );
}
