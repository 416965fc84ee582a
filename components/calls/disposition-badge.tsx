/** The outcome the agent recorded for a call (issue 45): green for a success, plain otherwise; a dash for none. */
export function DispositionBadge({ disposition }: { disposition: { name: string; is_success: boolean } | null | undefined }) {
  if (!disposition)
    return (
      <span className="muted small" title="No disposition recorded">
        —
      </span>
    );
  return (
    <span className={`badge ${disposition.is_success ? "ok" : ""}`} data-testid="disposition" title={disposition.name}>
      {disposition.name}
    </span>
  );
}
