import { ApiRequestError } from "@/lib/client/swr/api-fetch";

/** An API failure as a person reads it: the server's message, then each field's reason. */
export function ErrorAlert({ error, prefix }: { error: unknown; prefix?: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiRequestError ? Object.entries(error.body?.errors ?? {}) : [];
  return (
    <div className="alert" role="alert">
      {prefix ? `${prefix}: ` : ""}
      {message}
      {fields.length > 0 && (
        <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
          {fields.map(([field, reasons]) => (
            <li key={field}>
              {field}: {reasons.join(" ")}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
