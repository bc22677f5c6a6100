import { z } from 'zod';
import { Regions } from './regions.js';

export const BannerButtonSchema = z.object({
  DisplayName: z.string(),
  OnClickUrl: z.string(),
  IsYellowStyle: z.boolean(),
});

/** A banner tile (account.md section 3). Description is HTML, sanitised by the server and again by the browser. */
const BannerSchema = z.object({
  Title: z.string(),
  /** 'Large' renders an h1, anything else a paragraph. */
  TitleSize: z.enum(['Large', 'Small']),
  TitleColour: z.string(),
  Description: z.string(),
  DescriptionColour: z.string(),
  HideText: z.boolean(),
  PrimaryButton: BannerButtonSchema.nullable(),
  SecondaryButton: BannerButtonSchema.nullable(),
  BackgroundImageUrl: z.string().nullable(),
  BackgroundImageAltText: z.string(),
  BannerBackgroundImageUrl: z.string().nullable(),
  GradientColourCodeStart: z.string(),
  GradientColourCodeEnd: z.string(),
  DarkenedColour: z.string().nullable(),
  BannerClickUrl: z.string().nullable(),
  BannerClickTarget: z.enum(['_self', '_blank']).nullable(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const BannersQuerySchema = z.object({
  placement: z.enum(['home'], { message: "must be 'home'" }).default('home'),
});

export const BannersValueSchema = z.object({
  Banners: z.array(BannerSchema),
  Autoplay: z.boolean(),
  /** Milliseconds between slides (spec default 10000). */
  Delay: z.number().int(),
  Dots: z.boolean(),
  PauseOnHover: z.boolean(),
});
export type BannersValue = z.infer<typeof BannersValueSchema>;

export const FooterNoticeValueSchema = z.object({ Html: z.string() });

/** A help page (/help/:slug): the footer's and the Pages tab's links lead here. */
export const HelpPageQuerySchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a page slug such as click-and-collect')
    .max(100),
});
export const HelpPageValueSchema = z.object({
  Slug: z.string(),
  Title: z.string(),
  Description: z.string(),
  /** Sanitised HTML (the rich-text rules). */
  BodyHtml: z.string(),
});
export type HelpPageValue = z.infer<typeof HelpPageValueSchema>;

/** Page-level settings the spec says "the page supplies": region, currency and feature flags. */
export const SiteValueSchema = z.object({
  Region: z.enum(Regions),
  CurrencyCode: z.enum(['AUD', 'GBP']),
  CurrencySymbol: z.string(),
  WishlistsEnabled: z.boolean(),
  DiscountsEnabled: z.boolean(),
  WishlistAlertsEnabled: z.boolean(),
  SavedSearchesEnabled: z.boolean(),
  SuggestionMinLength: z.number().int(),
});
export type SiteValue = z.infer<typeof SiteValueSchema>;
