/** The loading state of a list: a few shimmering rows where the data will be. */
export function SkeletonRows({ rows = 5, label = "Loading" }: { rows?: number; label?: string }) {
  return (
    <div className="panel" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" style={{ margin: "12px 0", width: `${90 - (i % 3) * 12}%` }} />
      ))}
    </div>
  );
}
