import { TimesShownIn } from "./times-shown-in";

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        <TimesShownIn />
      </div>
      {children && <div className="actions">{children}</div>}
    </div>
  );
}
