/** What SectionActions reads of a section's form (useContractForm). */
interface SentForm {
  saving: boolean;
  saved: boolean;
  /** '' is the message for the section as a whole. */
  errorAt: (path: string) => string | undefined;
}

/** A section's save button with what happened: the problem (an alert), or that it was saved (a status). */
export function SectionActions({ label, form }: { label: string; form: SentForm }) {
  const problem = form.errorAt('');
  return (
    <div className="settings-actions">
      {problem ? (
        <p className="settings-actions__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={form.saving}>
        {form.saving ? 'Saving...' : label}
      </button>
      <p className="settings-actions__saved" role="status">
        {form.saved ? 'Saved.' : ''}
      </p>
    </div>
  );
}
