/**
 * Banner colours and pictures come from content editors and end up in style attributes, so only
 * plain colour values and plain URLs get through.
 */

const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/+-]+\)|[a-z]{3,30})$/i;

export function safeColour(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && COLOUR.test(trimmed) ? trimmed : undefined;
}

/** Same-site paths and http(s) addresses only; quotes and brackets would break out of url(). */
export function safeUrl(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || /["'()\\\s<>]/.test(trimmed)) return undefined;
  return /^(\/(?!\/)|https?:\/\/)/i.test(trimmed) ? trimmed : undefined;
}

export interface BannerBackground {
  start: string;
  end: string;
  image?: string;
  darken?: string;
}

/** Layers, top first: the darkening tint, the background picture, then the gradient. */
export function bannerBackground({ start, end, image, darken }: BannerBackground): string {
  const layers: string[] = [];
  if (darken) layers.push(`linear-gradient(${darken}, ${darken})`);
  if (image) layers.push(`url("${image}") center / cover no-repeat`);
  layers.push(`linear-gradient(100deg, ${start}, ${end})`);
  return layers.join(', ');
}
