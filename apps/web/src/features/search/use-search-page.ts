import type { SearchFormData } from '@shop/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRendersServerHtml } from '../../lib/ssr-state';
import { applyRememberedLocation, formFromParams, searchKey } from './search-form';

/**
 * On start: nonsticky or 'all locations' forget the remembered location; a URL without one gets it
 * back. Answers the URL the page is moving to (null once there, or when there is nowhere to go).
 * Local storage is this browser's alone: hydrating server HTML, it is read after the first render.
 */
export function useRememberedStart(params: URLSearchParams, path: string): string | null {
  const navigate = useNavigate();
  const urlKey = params.toString();
  const fromServer = useRendersServerHtml();
  const [startUrl, setStartUrl] = useState<string | null>(() =>
    fromServer ? null : (applyRememberedLocation(params)?.toString() ?? null),
  );
  const hydrated = useRef(fromServer);
  useEffect(() => {
    if (!hydrated.current) return;
    hydrated.current = false;
    const remembered = applyRememberedLocation(params)?.toString();
    if (remembered) setStartUrl(remembered);
  }, [params]);
  useEffect(() => {
    if (startUrl === null) return;
    if (urlKey === startUrl) setStartUrl(null);
    else navigate(`${path}?${startUrl}`, { replace: true });
  }, [startUrl, urlKey, navigate, path]);
  return startUrl;
}

/** After each load more the URL is replaced with the same search and the page reached. */
export function usePageInUrl(urlKey: string, path: string): (page: number) => void {
  const navigate = useNavigate();
  const latestUrl = useRef(urlKey);
  latestUrl.current = urlKey;
  return useCallback(
    (page: number) => {
      const next = new URLSearchParams(latestUrl.current);
      next.set('page', String(page));
      navigate(`${path}?${next}`, { replace: true });
    },
    [navigate, path],
  );
}

/** The refine form: the URL's filters until the shopper changes it; a new URL resets it. */
export function useUrlForm(params: URLSearchParams): [SearchFormData, (next: SearchFormData) => void] {
  const key = searchKey(params);
  const [formState, setFormState] = useState(() => ({ key, form: formFromParams(params) }));
  let form = formState.form;
  if (formState.key !== key) {
    form = formFromParams(params);
    setFormState({ key, form });
  }
  return [form, (next: SearchFormData) => setFormState({ key, form: next })];
}
