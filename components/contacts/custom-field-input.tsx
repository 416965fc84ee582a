import type { CustomFieldView } from "./types";

/** One custom field rendered by its type; the value travels as the form's text (the API converts and checks it). */
export function CustomFieldInput({ field, value, onChange, error }: { field: CustomFieldView; value: unknown; onChange: (value: unknown) => void; error?: string }) {
  const id = `cf-${field.name}`;
  const text = value === null || value === undefined ? "" : String(value);
  const label = (
    <label htmlFor={id}>
      {field.label}
      {field.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  let input: React.ReactNode;
  switch (field.field_type) {
    case "text_long":
      input = <textarea id={id} value={text} onChange={(e) => onChange(e.target.value)} required={field.required} />;
      break;
    case "integer":
      input = <input id={id} type="number" step={1} value={text} onChange={(e) => onChange(e.target.value)} required={field.required} />;
      break;
    case "decimal":
      input = <input id={id} type="number" step="any" value={text} onChange={(e) => onChange(e.target.value)} required={field.required} />;
      break;
    case "date":
      input = <input id={id} type="date" value={text} onChange={(e) => onChange(e.target.value)} required={field.required} />;
      break;
    case "dropdown":
      input = (
        <select id={id} value={text} onChange={(e) => onChange(e.target.value)} required={field.required}>
          <option value="">—</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case "checkbox":
      return (
        <div className="field inline">
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
          {error && <span className="error">{error}</span>}
        </div>
      );
    default:
      input = <input id={id} value={text} onChange={(e) => onChange(e.target.value)} required={field.required} maxLength={255} />;
  }
  return (
    <div className="field">
      {label}
      {input}
      {error && <span className="error">{error}</span>}
    </div>
  );
}
