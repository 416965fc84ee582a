"use client";

/** A secret the server gives once (an integration key, a webhook's signing secret): shown with Copy until the page is left. */
export function SecretShownOnce({ label, title, value }: { label: string; title: string; value: string }) {
  return (
    <div className="notice" role="status" aria-label={label}>
      <strong>{title}</strong>
      <pre className="mono small" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", margin: "6px 0" }}>
        {value}
      </pre>
      <button type="button" className="button secondary small" onClick={() => void navigator.clipboard?.writeText(value)}>
        Copy
      </button>
    </div>
  );
}
