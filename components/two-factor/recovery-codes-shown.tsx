"use client";

/** Recovery codes, shown this once: to copy, download or print before going on. */
export function RecoveryCodesShown({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const text = codes.join("\n");
  return (
    <section className="stack" aria-label="Recovery codes">
      <p>
        <strong>Save these recovery codes now.</strong> Each signs you in once without your phone. They are not shown again.
      </p>
      <ul className="recovery-codes mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="button secondary" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </button>
        <a className="button secondary" download="recovery-codes.txt" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + "\n")}`}>
          Download
        </a>
        <button type="button" className="button" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
