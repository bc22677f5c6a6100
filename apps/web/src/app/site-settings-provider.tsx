import type { SiteValue } from '@shop/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { apiGet } from '../lib/api-client';
import { DEFAULT_SITE_SETTINGS, type SiteSettings, SiteSettingsContext, siteSettingsFrom } from '../lib/site-settings';

/** Loads GET /c3api/site once for the whole app; until it answers (or if it fails) the defaults apply. */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<SiteSettings>(DEFAULT_SITE_SETTINGS);
  useEffect(() => {
    const controller = new AbortController();
    apiGet<SiteValue>('/c3api/site', controller.signal)
      .then((value) => {
        setSettings(siteSettingsFrom(value));
        document.documentElement.lang = value.Region === 'UK' ? 'en-GB' : 'en-AU';
      })
      .catch(() => {
        // Keep the defaults: every page still works, in the Australian wording.
      });
    return () => controller.abort();
  }, []);
  return <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>;
}
