import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { siteSettingsQueryOptions } from '../features/site/api/get-site-settings';
import { DEFAULT_SITE_SETTINGS, type SiteSettings, SiteSettingsContext, siteSettingsFrom } from '../lib/site-settings';

/** Loads GET /c3api/site once for the whole app; until it answers (or if it fails) the defaults apply. */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(siteSettingsQueryOptions());
  const settings = useMemo<SiteSettings>(() => (data ? siteSettingsFrom(data) : DEFAULT_SITE_SETTINGS), [data]);
  useEffect(() => {
    if (data) document.documentElement.lang = data.Region === 'UK' ? 'en-GB' : 'en-AU';
  }, [data]);
  return <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>;
}
