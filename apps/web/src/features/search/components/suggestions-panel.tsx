import type { SuggestionsState } from '../api/get-suggestions';
import type { SuggestionGroup, SuggestionOption } from '../suggestions';

/** The panel under the search input: a failure, 'No results found.' or the grouped listbox. */
export function SuggestionsPanel({
  listboxId,
  expanded,
  suggestions,
  noResults,
  groups,
  options,
  activeOption,
  onHover,
  onChoose,
}: {
  listboxId: string;
  expanded: boolean;
  suggestions: SuggestionsState;
  noResults: boolean;
  groups: SuggestionGroup[];
  options: SuggestionOption[];
  activeOption: SuggestionOption | undefined;
  onHover: (index: number) => void;
  onChoose: (url: string) => void;
}) {
  return (
    <div className="search-bar__panel" hidden={!expanded}>
      {suggestions.status === 'error' ? (
        <p className="search-bar__message search-bar__message--error" role="alert">
          An Error Occurred: {suggestions.message}
        </p>
      ) : null}
      {noResults ? (
        <p className="search-bar__message" role="status">
          No results found.
        </p>
      ) : null}
      <div
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        className="search-bar__listbox"
        hidden={options.length === 0}
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group (WAI-ARIA grouped listbox); a fieldset is not allowed there.
          <div
            key={group.id}
            role="group"
            aria-labelledby={`${group.id}-title`}
            className={`search-bar__group search-bar__group--${group.kind}`}
          >
            <div role="presentation" id={`${group.id}-title`} className="search-bar__group-title">
              {group.title}
            </div>
            {group.options.map((option) => {
              const selected = option.id === activeOption?.id;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  className={`search-bar__option${selected ? ' search-bar__option--active' : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => onHover(options.indexOf(option))}
                  onClick={() => onChoose(option.url)}
                >
                  {option.iconUrl ? (
                    <img className="search-bar__icon" src={option.iconUrl} alt="" width={24} height={24} />
                  ) : null}
                  <span className="search-bar__label">{option.label}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
