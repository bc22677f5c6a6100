import { type Banner, BannerButtonSchema, type BannersValue } from '@shop/contract';
import type { z } from 'zod';
import type { BannerRow } from '../../db/schema.js';
import { safeLinkUrl, sanitizeRichText } from '../../lib/rich-text.js';

/** The carousel's settings (account.md section 9: autoplay, 10 s, dots, pause on hover). */
const CAROUSEL = { Autoplay: true, Delay: 10_000, Dots: true, PauseOnHover: true } as const;

/** A button is shown only with both a name and a link (account.md 2.7); an unsafe link drops it. */
function button(json: string | null): z.infer<typeof BannerButtonSchema> | null {
  if (!json) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = BannerButtonSchema.safeParse(stored);
  if (!parsed.success) return null;
  const url = safeLinkUrl(parsed.data.OnClickUrl);
  if (!url || !parsed.data.DisplayName.trim()) return null;
  return { ...parsed.data, OnClickUrl: url };
}

export function toBanner(row: BannerRow): Banner {
  const clickUrl = safeLinkUrl(row.banner_click_url);
  return {
    Title: row.title,
    TitleSize: row.title_size,
    TitleColour: row.title_colour,
    Description: sanitizeRichText(row.description),
    DescriptionColour: row.description_colour,
    HideText: row.hide_text === 1,
    PrimaryButton: button(row.primary_button),
    SecondaryButton: button(row.secondary_button),
    BackgroundImageUrl: safeLinkUrl(row.background_image_url),
    BackgroundImageAltText: row.background_image_alt_text,
    BannerBackgroundImageUrl: safeLinkUrl(row.banner_background_image_url),
    GradientColourCodeStart: row.gradient_colour_start,
    GradientColourCodeEnd: row.gradient_colour_end,
    DarkenedColour: row.darkened_colour,
    BannerClickUrl: clickUrl,
    BannerClickTarget: clickUrl ? (row.banner_click_target ?? '_self') : null,
  };
}

/** GET /c3api/banners: the slides and the carousel's settings. */
export function toBannersValue(rows: BannerRow[]): BannersValue {
  return { Banners: rows.map(toBanner), ...CAROUSEL };
}
