import type { ReactNode } from 'react';
import { CategoryMenu } from './category-menu';
import { SuggestionsPanel } from './suggestions-panel';
import { useSearchBox } from './use-search-box';
import '../search-bar.css';

export { FOCUS_SEARCH_STATE } from './use-search-box';

export const SEARCH_INPUT_ID = 'search-input';

/**
 * The search bar (storefront.md screen 5): input with suggestions (WAI-ARIA combobox with a grouped
 * listbox), Search button, 'Shop Categories' and, where the route allows it, the save-search star
 * (`saveStar`, from the saved-searches feature: the app composes the two).
 */
export function SearchBox({
  initial = '',
  minLength,
  saveStar,
}: {
  initial?: string;
  minLength?: number;
  saveStar?: ReactNode;
}) {
  const box = useSearchBox(initial, minLength);
  const { options, expanded, activeOption } = box;
  const listboxId = `${box.id}-listbox`;
  return (
    <div className="search-bar-slot">
      <div className="search-bar">
        <div className="search-bar__inner">
          <CategoryMenu />
          {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is not yet in React's JSX types; the role gives the same landmark. */}
          <form
            className="search-bar__form"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              box.submit();
            }}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) box.close();
            }}
          >
            <div className="search-bar__field">
              <label className="visually-hidden" htmlFor={SEARCH_INPUT_ID}>
                Search for items
              </label>
              <input
                ref={box.inputRef}
                id={SEARCH_INPUT_ID}
                className="search-bar__input"
                type="search"
                role="combobox"
                aria-autocomplete="list"
                aria-expanded={expanded}
                aria-controls={listboxId}
                aria-activedescendant={activeOption?.id}
                autoComplete="off"
                enterKeyHint="search"
                value={box.text}
                placeholder="Search all stores"
                onChange={(event) => box.onChange(event.target.value)}
                onFocus={() => box.setOpen(true)}
                onKeyDown={box.onKeyDown}
              />
              {box.layout ? saveStar : null}
            </div>
            <button type="submit" className="search-bar__submit">
              Search
            </button>
            <SuggestionsPanel
              listboxId={listboxId}
              expanded={expanded}
              suggestions={box.suggestions}
              noResults={box.noResults}
              groups={box.groups}
              options={options}
              activeOption={activeOption}
              onHover={box.setActive}
              onChoose={box.go}
            />
          </form>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {expanded && options.length > 0
          ? `${options.length} suggestion${options.length === 1 ? '' : 's'} available; use the up and down arrow keys to choose.`
          : ''}
      </p>
    </div>
  );
}
