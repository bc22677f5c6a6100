/** A section's save button with what happened: the problem (an alert), or that it was saved (a status). */
export function SectionActions({
  label,
  sending,
  problem,
  saved,
}: {
  label: string;
  sending: boolean;
  problem: string | null;
  saved: boolean;
}) {
  return (
    <div className="settings-actions">
      {problem ? (
        <p className="settings-actions__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Saving...' : label}
      </button>
      <p className="settings-actions__saved" role="status">
        {saved ? 'Saved.' : ''}
      </p>
    </div>
  );
}
