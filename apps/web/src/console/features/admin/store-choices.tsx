/**
 * "Stores they run": a checkbox per store, kept in a form as a comma-joined list of ids (the invite
 * and the staff member forms), with the form's error for the list below it.
 */
export function StoreChoices({
  stores,
  value,
  onChange,
  error,
  errorId,
}: {
  stores: { Id: number; Name: string }[];
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  errorId: string;
}) {
  const chosen = new Set(value === '' ? [] : value.split(','));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(String(id));
    else next.delete(String(id));
    onChange([...next].join(','));
  };
  return (
    <fieldset
      className={`admin-fieldset field ${error ? 'field--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>Stores they run</legend>
      <div className="admin-choices">
        {stores.map((store) => (
          <label key={store.Id} className="admin-check">
            <input
              type="checkbox"
              checked={chosen.has(String(store.Id))}
              onChange={(event) => toggle(store.Id, event.target.checked)}
              aria-invalid={error ? true : undefined}
            />
            {store.Name}
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
