export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children && <div className="actions">{children}</div>}
    </div>
  );
}
