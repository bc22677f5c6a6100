/**
 * Draws a product's picture locally, with no network: a gradient in the item's own colours, the
 * category's glyph and the brand. Deterministic per code and position, so caches never go stale.
 */

/** A Map, not a plain object: icon names arrive from URLs, and `constructor` must not be a glyph. */
const GLYPHS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    phone:
      '<rect x="-22" y="-40" width="44" height="80" rx="8"/><rect x="-16" y="-31" width="32" height="56" rx="2" fill="rgba(0,0,0,.25)"/>',
    laptop: '<rect x="-38" y="-30" width="76" height="48" rx="4"/><rect x="-48" y="20" width="96" height="8" rx="3"/>',
    gamepad:
      '<rect x="-46" y="-20" width="92" height="44" rx="22"/><circle cx="-22" cy="2" r="8" fill="rgba(0,0,0,.25)"/><circle cx="22" cy="2" r="8" fill="rgba(0,0,0,.25)"/>',
    ring: '<circle cx="0" cy="8" r="30" fill="none" stroke="#fff" stroke-width="9"/><polygon points="-12,-24 0,-42 12,-24"/>',
    watch:
      '<rect x="-14" y="-48" width="28" height="96" rx="6"/><circle cx="0" cy="0" r="26"/><circle cx="0" cy="0" r="19" fill="rgba(0,0,0,.25)"/>',
    drill:
      '<rect x="-40" y="-24" width="60" height="26" rx="6"/><rect x="20" y="-16" width="26" height="8"/><rect x="-26" y="0" width="18" height="40" rx="4"/>',
    guitar:
      '<circle cx="-10" cy="18" r="24"/><circle cx="4" cy="-6" r="16"/><rect x="8" y="-46" width="8" height="44" transform="rotate(25)"/>',
    camera:
      '<rect x="-44" y="-24" width="88" height="56" rx="8"/><rect x="-16" y="-34" width="32" height="12" rx="3"/><circle cx="0" cy="4" r="18" fill="rgba(0,0,0,.25)"/>',
    tv: '<rect x="-48" y="-34" width="96" height="60" rx="4"/><rect x="-12" y="28" width="24" height="8"/>',
    bike: '<circle cx="-28" cy="14" r="20" fill="none" stroke="#fff" stroke-width="6"/><circle cx="28" cy="14" r="20" fill="none" stroke="#fff" stroke-width="6"/><path d="M-28 14 L-6 -16 L20 -16 L28 14 M-6 -16 L4 14" fill="none" stroke="#fff" stroke-width="6"/>',
  }),
);

const DEFAULT_GLYPH = GLYPHS.get('phone') as string;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function productImageSvg(input: {
  code: string;
  position: number;
  brand: string;
  icon: string;
  width: number;
  height: number;
}): string {
  const h = hash(`${input.code}:${input.position}`);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360;
  const { width, height } = input;
  const scale = Math.min(width, height) / 160;
  const glyph = GLYPHS.get(input.icon) ?? DEFAULT_GLYPH;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,52%)"/><stop offset="1" stop-color="hsl(${hue2},60%,34%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<g transform="translate(${width / 2} ${height * 0.44}) scale(${scale}) rotate(${(h % 21) - 10})" fill="#fff">${glyph}</g>
<text x="50%" y="${height * 0.88}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height * 0.075)}" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(input.brand)}</text>
<text x="${width - 10 * scale}" y="${16 * scale}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height * 0.045)}" fill="rgba(255,255,255,.8)" text-anchor="end">${input.position}</text>
</svg>`;
}

export function categoryIconSvg(icon: string): string | null {
  const glyph = GLYPHS.get(icon);
  if (!glyph) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="-60 -60 120 120"><g fill="#1d4e89" stroke="#1d4e89">${glyph.replaceAll('#fff', '#1d4e89').replaceAll('rgba(0,0,0,.25)', '#fff')}</g></svg>`;
}
