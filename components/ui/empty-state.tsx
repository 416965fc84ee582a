export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="panel empty" role="status">
      <strong>{title}</strong>
      {children && <p>{children}</p>}
    </div>
  );
}
