import { SUGGESTION_MIN_LENGTH } from '@shop/contract';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSiteSettings } from '../../../lib/site-settings';
import { useSuggestions } from '../api/get-suggestions';
import { inLayout, type SearchLayout, submittedSearch } from '../search-form';
import { moveActive, suggestionGroups } from '../suggestions';

/** Navigation state asking the search bar to take focus (the empty state's 'Start a new search'). */
export const FOCUS_SEARCH_STATE = 'focusSearch';

/** Routes that offer 'Save this search': the search page's list and grid layouts. */
function searchLayoutOf(pathname: string): SearchLayout | null {
  if (/^\/search-results\/?$/.test(pathname)) return 'list';
  if (/^\/search-results\/grid\/?$/.test(pathname)) return 'grid';
  return null;
}

/**
 * The search bar's state: the text, its suggestions (WAI-ARIA combobox: which option is active,
 * whether the panel is open), and where a choice or a submit goes.
 */
export function useSearchBox(initial: string, minLength: number | undefined) {
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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
  };

  const onChange = (value: string) => {
    setText(value);
    setOpen(true);
  };

  return {
    id,
    layout,
    text,
    inputRef,
    suggestions,
    groups,
    options,
    noResults,
    expanded,
    activeOption,
    setActive,
    setOpen,
    close,
    go,
    submit,
    onKeyDown,
    onChange,
  };
}
