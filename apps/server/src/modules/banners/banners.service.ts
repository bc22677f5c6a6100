import type { BannerRow } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { BannersRepository } from './banners.repository.js';

/** Banner carousels of the home and marketing pages, per region. */
export class BannersService {
  private readonly repository = new BannersRepository();

  /** A placement's active banners for the region, in order. */
  list(ctx: Ctx, placement: string): Promise<BannerRow[]> {
    return this.repository.listActive(ctx, ctx.region, placement);
  }

  count(ctx: Ctx): Promise<number> {
    return this.repository.count(ctx);
  }

  // ---- the marketplace admin's (the region's home carousel) ----

  /** Every slide of the region's placement, hidden ones too, in order. */
  listAll(ctx: Ctx, placement: string): Promise<BannerRow[]> {
    return this.repository.listAll(ctx, ctx.region, placement);
  }

  async find(ctx: Ctx, id: number): Promise<BannerRow | null> {
    return (await this.repository.findInRegion(ctx, ctx.region, id)) ?? null;
  }

  /** A new slide of the region's placement. The description is sanitised before it is stored. */
  create(ctx: Ctx, placement: string, slide: BannerSlide): Promise<BannerRow> {
    return this.repository.insert(ctx, {
      region: ctx.region,
      placement,
      ...slideColumns(slide),
      hide_text: 0,
      secondary_button: null,
      banner_background_image_url: null,
      darkened_colour: null,
    });
  }

  /** Changes a slide of the region; null when it has none with this id. */
  async update(ctx: Ctx, id: number, slide: BannerSlide): Promise<BannerRow | null> {
    return (await this.repository.update(ctx, ctx.region, id, slideColumns(slide))) ?? null;
  }

  /** Removes a slide of the region; false when it has none with this id. */
  remove(ctx: Ctx, id: number): Promise<boolean> {
    return this.repository.remove(ctx, ctx.region, id);
  }
}

/** A slide as the admin writes it (links already checked by the contract's schema). */
export interface BannerSlide {
  title: string;
  titleSize: 'Large' | 'Small';
  titleColour: string;
  /** HTML as typed: sanitised here with the shop's rich-text rules. */
  description: string;
  descriptionColour: string;
  gradientStart: string;
  gradientEnd: string;
  backgroundImageUrl: string | null;
  backgroundImageAltText: string;
  clickUrl: string | null;
  clickTarget: '_self' | '_blank';
  primaryButton: { DisplayName: string; OnClickUrl: string; IsYellowStyle: boolean } | null;
  position: number;
  active: boolean;
}

/**
 * The stored columns. The description is sanitised on the way in as well as on the way out, so what
 * is stored (and what the admin sees again) is exactly what the carousel shows.
 */
function slideColumns(slide: BannerSlide) {
  return {
    title: slide.title,
    title_size: slide.titleSize,
    title_colour: slide.titleColour,
    description: sanitizeRichText(slide.description),
    description_colour: slide.descriptionColour,
    gradient_colour_start: slide.gradientStart,
    gradient_colour_end: slide.gradientEnd,
    background_image_url: slide.backgroundImageUrl,
    background_image_alt_text: slide.backgroundImageAltText,
    banner_click_url: slide.clickUrl,
    banner_click_target: slide.clickUrl ? slide.clickTarget : null,
    primary_button: slide.primaryButton ? JSON.stringify(slide.primaryButton) : null,
    position: slide.position,
    active: slide.active ? 1 : 0,
  };
}
