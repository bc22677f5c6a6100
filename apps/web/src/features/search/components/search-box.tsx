import { SUGGESTION_MIN_LENGTH } from '@shop/contract';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSiteSettings } from '../../../lib/site-settings';
import { useSuggestions } from '../api/get-suggestions';
import { inLayout, type SearchLayout, submittedSearch } from '../search-form';
import { moveActive, suggestionGroups } from '../suggestions';
import { CategoryMenu } from './category-menu';
import '../search-bar.css';

export const SEARCH_INPUT_ID = 'search-input';
/** Navigation state asking the search bar to take focus (the empty state's 'Start a new search'). */
export const FOCUS_SEARCH_STATE = 'focusSearch';

/** Routes that offer 'Save this search': the search page's list and grid layouts. */
function searchLayoutOf(pathname: string): SearchLayout | null {
  if (/^\/search-results\/?$/.test(pathname)) return 'list';
  if (/^\/search-results\/grid\/?$/.test(pathname)) return 'grid';
  return null;
}

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
  const settings = useSiteSettings();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const location = useLocation();
  const layout = searchLayoutOf(location.pathname);
  const referrer = `${location.pathname}${location.search}`;
  const suggestions = useSuggestions(
    text,
    referrer,
    minLength ?? settings.SuggestionMinLength ?? SUGGESTION_MIN_LENGTH,
  );
  const id = useId();
  const listboxId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const focusWanted = (location.state as Record<string, unknown> | null)?.[FOCUS_SEARCH_STATE] === true;
  useEffect(() => {
    if (focusWanted) inputRef.current?.focus();
  }, [focusWanted]);

  const groups = useMemo(
    () => (suggestions.status === 'done' ? suggestionGroups(suggestions.value, `${id}-option`) : []),
    [suggestions, id],
  );
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  // A new set of suggestions starts with nothing active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the list itself changes
  useEffect(() => setActive(-1), [options]);

  const noResults = suggestions.status === 'done' && options.length === 0;
  const hasPanel = options.length > 0 || noResults || suggestions.status === 'error';
  const expanded = open && hasPanel;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  useEffect(() => {
    if (!activeOption) return;
    const element = document.getElementById(activeOption.id);
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (url: string) => {
    close();
    navigate(layout ? inLayout(url, layout) : url);
  };

  const submit = () => {
    close();
    const query = text.trim();
    if (layout) {
      const params = submittedSearch(new URLSearchParams(location.search), query);
      const path = layout === 'grid' ? '/search-results/grid' : '/search-results';
      const qs = params.toString();
      navigate(qs ? `${path}?${qs}` : path);
      return;
    }
    const params = new URLSearchParams();
    if (query) params.set('query', query);
    const qs = params.toString();
    navigate(qs ? `/search-results?${qs}` : '/search-results');
  };

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
              submit();
            }}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
            }}
          >
            <div className="search-bar__field">
              <label className="visually-hidden" htmlFor={SEARCH_INPUT_ID}>
                Search for items
              </label>
              <input
                ref={inputRef}
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
                value={text}
                placeholder="Search all stores"
                onChange={(event) => {
                  setText(event.target.value);
                  setOpen(true);
                }}
                onFocus={() => setOpen(true)}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                    if (options.length === 0) return;
                    event.preventDefault();
                    if (!expanded) {
                      setOpen(true);
                      setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
                      return;
                    }
                    setActive(moveActive(active, options.length, event.key));
                  } else if (event.key === 'Enter') {
                    if (activeOption) {
                      event.preventDefault();
                      go(activeOption.url);
                    }
                  } else if (event.key === 'Escape') {
                    if (expanded) {
                      event.preventDefault();
                      close();
                    }
                  }
                }}
              />
              {layout ? saveStar : null}
            </div>
            <button type="submit" className="search-bar__submit">
              Search
            </button>
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
                          onMouseMove={() => setActive(options.indexOf(option))}
                          onClick={() => go(option.url)}
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
