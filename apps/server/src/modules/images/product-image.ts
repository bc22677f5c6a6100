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

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Bumped whenever the drawing changes: it is part of the cache file's name and the ETag, so the
 * year-long caches of browsers and of the disk never keep an old drawing.
 */
export const DRAWING_VERSION = 3;

/** The item colours the catalogue names, as paint. */
const COLOURS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    black: '#2a2b2f',
    white: '#f1f1ee',
    blue: '#2f5ea6',
    red: '#b3302a',
    green: '#3b7a4c',
    purple: '#6a4e9e',
    gold: '#d9b56a',
    silver: '#c8ccd2',
    graphite: '#4a4d53',
    grey: '#8b9097',
    pink: '#e6b3c1',
    'rose-gold': '#dfa68c',
    'white-gold': '#e4e2da',
    teal: '#1c8a91',
    yellow: '#f0bf2c',
    sunburst: '#b4531d',
    natural: '#d8b07e',
  }),
);

/** A leaf's usual colours when the item names none (a drill in its maker's colour, a tape measure in yellow). */
const DEFAULT_COLOURS: Record<string, readonly string[]> = {
  'power-tools': ['teal', 'yellow', 'red', 'green', 'blue'],
  'hand-tools': ['red', 'blue', 'black', 'yellow'],
  guitars: ['sunburst', 'natural', 'black', 'red'],
  'video-games': ['blue', 'red', 'green'],
  monitors: ['black', 'graphite'],
  televisions: ['black'],
  'digital-cameras': ['black', 'silver'],
  lenses: ['black'],
  amplifiers: ['black'],
  'luxury-watches': ['silver', 'gold', 'blue', 'black'],
  rings: ['gold', 'silver', 'white-gold'],
  necklaces: ['gold', 'silver'],
  bracelets: ['gold', 'silver', 'rose-gold'],
};

/** The leaf each root icon stands for when the item's own leaf is not known. */
const ICON_LEAF: Record<string, string> = {
  phone: 'smartphones',
  laptop: 'laptops',
  gamepad: 'consoles',
  ring: 'rings',
  watch: 'luxury-watches',
  drill: 'power-tools',
  guitar: 'guitars',
  camera: 'digital-cameras',
  tv: 'televisions',
  bike: 'mountain-bikes',
};

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const parts = [n >> 16, (n >> 8) & 255, n & 255].map((c) => clamp(c + (target - c) * a));
  return `#${parts.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The shapes, drawn in a 260x195 box centred on 0,0 with the floor at y=72. Fills: url(#body) the
 * item's colour with light from the top left, url(#screen) a switched-off glossy screen, url(#metal)
 * polished metal of the item's colour, url(#dark) black plastic or rubber.
 */
const SHAPES: Record<string, (brand: string) => string> = {
  smartphones: () =>
    '<rect x="-40" y="-82" width="80" height="156" rx="13" fill="url(#body)"/>' +
    '<rect x="-34" y="-76" width="68" height="144" rx="9" fill="url(#screen)"/>' +
    '<rect x="-12" y="-72" width="24" height="6" rx="3" fill="#0b0c0e"/>' +
    '<path d="M-34 -40 L20 -76 L34 -76 L-34 -6 Z" fill="#fff" opacity=".07"/>',
  'phone-accessories': () =>
    '<rect x="-44" y="-40" width="88" height="104" rx="30" fill="url(#body)"/>' +
    '<path d="M-44 -6 H44" stroke="#000" stroke-opacity=".18" stroke-width="2"/>' +
    '<circle cx="0" cy="18" r="3.5" fill="#000" opacity=".25"/>',
  laptops: () =>
    '<path d="M-82 -70 H82 L86 36 H-86 Z" fill="url(#body)"/>' +
    '<path d="M-76 -64 H76 L79 30 H-79 Z" fill="url(#screen)"/>' +
    '<path d="M-104 40 H104 L114 62 Q114 68 106 68 H-106 Q-114 68 -114 62 Z" fill="url(#body)"/>' +
    '<path d="M-22 58 H22 L20 64 H-20 Z" fill="#000" opacity=".15"/>',
  tablets: () =>
    '<rect x="-70" y="-88" width="140" height="160" rx="12" fill="url(#body)"/>' +
    '<rect x="-62" y="-80" width="124" height="144" rx="5" fill="url(#screen)"/>' +
    '<path d="M-62 -20 L40 -80 L62 -80 L-62 10 Z" fill="#fff" opacity=".07"/>',
  monitors: () =>
    '<rect x="-100" y="-84" width="200" height="118" rx="5" fill="url(#body)"/>' +
    '<rect x="-95" y="-79" width="190" height="104" rx="2" fill="url(#screen)"/>' +
    '<path d="M-10 34 H10 L14 64 H-14 Z" fill="url(#body)"/>' +
    '<ellipse cx="0" cy="66" rx="44" ry="6" fill="url(#body)"/>',
  consoles: () =>
    '<path d="M-58 -76 Q-30 -86 -26 -60 L-22 62 H-62 Z" fill="url(#body)"/>' +
    '<rect x="-26" y="-70" width="52" height="134" rx="6" fill="url(#dark)"/>' +
    '<path d="M58 -76 Q30 -86 26 -60 L22 62 H62 Z" fill="url(#body)"/>' +
    '<rect x="-2" y="-58" width="4" height="40" rx="2" fill="#6cb4ff" opacity=".7"/>',
  handheld: () =>
    '<rect x="-118" y="-46" width="236" height="100" rx="30" fill="url(#body)"/>' +
    '<rect x="-76" y="-38" width="152" height="84" rx="4" fill="url(#screen)"/>' +
    '<circle cx="-97" cy="-12" r="9" fill="url(#dark)"/><circle cx="97" cy="20" r="9" fill="url(#dark)"/>' +
    '<g fill="#000" opacity=".3"><circle cx="92" cy="-18" r="4"/><circle cx="102" cy="-8" r="4"/><circle cx="92" cy="2" r="4"/></g>',
  band: () =>
    '<ellipse cx="0" cy="10" rx="66" ry="48" fill="none" stroke="url(#metal)" stroke-width="18"/>' +
    '<ellipse cx="0" cy="10" rx="66" ry="48" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2" transform="translate(-3 -6)"/>',
  'video-games': (brand) =>
    '<rect x="-52" y="-84" width="104" height="150" rx="5" fill="url(#body)"/>' +
    '<rect x="-46" y="-64" width="92" height="124" rx="2" fill="url(#art)"/>' +
    '<circle cx="18" cy="-12" r="22" fill="#fff" opacity=".25"/>' +
    '<path d="M-46 30 L-10 -4 L14 20 L30 6 L46 22 V60 H-46 Z" fill="#000" opacity=".25"/>' +
    `<text x="0" y="-70" fill="#fff" font-size="11" font-weight="bold" text-anchor="middle">${brand}</text>`,
  controllers: () =>
    '<path d="M-70 -30 Q-86 -30 -94 0 L-108 46 Q-112 66 -94 68 Q-80 70 -66 44 L-52 24 H52 L66 44 Q80 70 94 68 Q112 66 108 46 L94 0 Q86 -30 70 -30 Z" fill="url(#body)"/>' +
    '<circle cx="-34" cy="14" r="12" fill="url(#dark)"/><circle cx="34" cy="14" r="12" fill="url(#dark)"/>' +
    '<circle cx="62" cy="-8" r="5" fill="#000" opacity=".35"/><circle cx="74" cy="4" r="5" fill="#000" opacity=".35"/>' +
    '<path d="M-72 -12 h8 v-8 h8 v8 h8 v8 h-8 v8 h-8 v-8 h-8 Z" fill="#000" opacity=".35"/>',
  rings: () =>
    '<ellipse cx="0" cy="20" rx="64" ry="46" fill="none" stroke="url(#metal)" stroke-width="14"/>' +
    '<ellipse cx="0" cy="20" rx="64" ry="46" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2" transform="translate(-3 -4)"/>' +
    '<path d="M-16 -30 L0 -52 L16 -30 L0 -20 Z" fill="#eaf6ff"/>' +
    '<path d="M-16 -30 L0 -52 L0 -20 Z" fill="#c9e4f5"/><path d="M-8 -38 L0 -50 L4 -40 Z" fill="#fff"/>',
  necklaces: () =>
    '<path d="M-86 -70 Q-80 40 0 46 Q80 40 86 -70" fill="none" stroke="url(#metal)" stroke-width="6" stroke-dasharray="7 3"/>' +
    '<path d="M-14 48 L0 80 L14 48 Z" fill="url(#metal)"/><circle cx="0" cy="58" r="7" fill="#eaf6ff"/>',
  bracelets: () =>
    '<ellipse cx="0" cy="10" rx="82" ry="54" fill="none" stroke="url(#metal)" stroke-width="18"/>' +
    '<ellipse cx="0" cy="10" rx="82" ry="54" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="3" transform="translate(-2 -6)"/>',
  'luxury-watches': () =>
    '<rect x="-26" y="-96" width="52" height="60" rx="8" fill="url(#dark)"/><rect x="-26" y="34" width="52" height="48" rx="8" fill="url(#dark)"/>' +
    '<circle cx="0" cy="0" r="50" fill="url(#metal)"/><circle cx="0" cy="0" r="41" fill="url(#body)"/>' +
    '<g stroke="#fff" stroke-width="3" stroke-opacity=".85"><path d="M0 -36 V-30 M0 36 V30 M-36 0 H-30 M36 0 H30"/></g>' +
    '<path d="M0 0 L0 -28 M0 0 L20 8" stroke="#f4f4f4" stroke-width="3.5" stroke-linecap="round"/><circle r="3" fill="#f4f4f4"/>',
  'smart-watches': () =>
    '<rect x="-24" y="-96" width="48" height="60" rx="8" fill="url(#body)"/><rect x="-24" y="36" width="48" height="48" rx="8" fill="url(#body)"/>' +
    '<rect x="-40" y="-48" width="80" height="94" rx="20" fill="url(#metal)"/><rect x="-34" y="-42" width="68" height="82" rx="15" fill="url(#screen)"/>' +
    '<rect x="40" y="-22" width="6" height="16" rx="2" fill="url(#metal)"/>',
  'power-tools': () =>
    '<path d="M-86 -58 H40 Q56 -58 56 -42 V-22 Q56 -8 40 -8 H-30 L-18 40 H-56 L-64 -8 H-86 Q-100 -8 -100 -30 Q-100 -58 -86 -58 Z" fill="url(#body)"/>' +
    '<rect x="-70" y="40" width="66" height="30" rx="5" fill="url(#dark)"/>' +
    '<rect x="56" y="-44" width="30" height="22" rx="3" fill="url(#dark)"/><rect x="86" y="-36" width="34" height="6" fill="#9aa0a6"/>' +
    '<path d="M-50 -8 L-40 36" stroke="#000" stroke-opacity=".2" stroke-width="8" stroke-linecap="round"/>',
  'hand-tools': () =>
    '<rect x="-100" y="-34" width="200" height="100" rx="6" fill="url(#body)"/>' +
    '<rect x="-100" y="-34" width="200" height="20" rx="4" fill="#000" opacity=".15"/>' +
    '<path d="M-40 -34 V-62 H40 V-34" fill="none" stroke="url(#dark)" stroke-width="9"/>' +
    '<rect x="-10" y="-12" width="20" height="12" rx="2" fill="#c9ccd1"/>',
  guitars: () =>
    '<rect x="-6" y="-98" width="12" height="110" fill="#5a3a22"/><rect x="-9" y="-110" width="18" height="18" rx="3" fill="#3a2414"/>' +
    '<path d="M0 -4 C-30 -10 -42 8 -34 26 C-60 36 -58 82 -20 84 Q0 86 20 84 C58 82 60 36 34 26 C42 8 30 -10 0 -4 Z" fill="url(#body)"/>' +
    '<circle cx="0" cy="34" r="11" fill="#1b120b"/><rect x="-16" y="62" width="32" height="5" rx="2" fill="#1b120b"/>' +
    '<path d="M-3 -100 V64 M0 -100 V64 M3 -100 V64" stroke="#eee" stroke-width=".6"/>',
  'keyboards-pianos': () =>
    '<rect x="-122" y="-34" width="244" height="84" rx="6" fill="url(#body)"/>' +
    '<rect x="-114" y="-4" width="228" height="48" fill="#fafafa"/>' +
    `<g fill="#000" opacity=".8">${Array.from({ length: 15 }, (_, i) => (i % 7 === 2 || i % 7 === 6 ? '' : `<rect x="${-106 + i * 15}" y="-4" width="8" height="28"/>`)).join('')}</g>` +
    `<g stroke="#000" stroke-opacity=".25">${Array.from({ length: 15 }, (_, i) => `<path d="M${-114 + (i + 1) * 15.2} -4 V44"/>`).join('')}</g>` +
    '<circle cx="-90" cy="-20" r="6" fill="url(#dark)"/><circle cx="-72" cy="-20" r="6" fill="url(#dark)"/>',
  amplifiers: () =>
    '<rect x="-96" y="-70" width="192" height="140" rx="8" fill="url(#body)"/>' +
    '<rect x="-86" y="-40" width="172" height="100" rx="4" fill="url(#grille)"/>' +
    '<rect x="-86" y="-62" width="172" height="16" rx="2" fill="#d9c48f"/>' +
    `<g fill="#222">${Array.from({ length: 6 }, (_, i) => `<circle cx="${-60 + i * 24}" cy="-54" r="4.5"/>`).join('')}</g>`,
  'digital-cameras': () =>
    '<path d="M-96 -40 H-40 L-28 -60 H28 L40 -40 H96 Q104 -40 104 -32 V56 Q104 64 96 64 H-96 Q-104 64 -104 56 V-32 Q-104 -40 -96 -40 Z" fill="url(#body)"/>' +
    '<rect x="-104" y="-10" width="208" height="50" fill="#000" opacity=".18"/>' +
    '<circle cx="0" cy="12" r="46" fill="url(#dark)"/><circle cx="0" cy="12" r="34" fill="#16181c"/><circle cx="0" cy="12" r="22" fill="url(#screen)"/>' +
    '<circle cx="-8" cy="4" r="6" fill="#fff" opacity=".35"/><rect x="64" y="-32" width="22" height="10" rx="3" fill="#9aa0a6"/>',
  lenses: () =>
    '<rect x="-90" y="-44" width="170" height="100" rx="10" fill="url(#body)"/>' +
    '<rect x="-60" y="-44" width="30" height="100" fill="#000" opacity=".25"/><rect x="20" y="-44" width="12" height="100" fill="#c62828" opacity=".8"/>' +
    '<ellipse cx="80" cy="6" rx="18" ry="50" fill="url(#dark)"/><ellipse cx="80" cy="6" rx="11" ry="34" fill="url(#screen)"/>',
  televisions: () =>
    '<rect x="-124" y="-84" width="248" height="142" rx="4" fill="url(#body)"/>' +
    '<rect x="-120" y="-80" width="240" height="134" rx="2" fill="url(#screen)"/>' +
    '<path d="M-120 -10 L60 -80 L120 -80 L-120 30 Z" fill="#fff" opacity=".05"/>' +
    '<path d="M-80 58 L-90 72 M80 58 L90 72" stroke="url(#dark)" stroke-width="6" stroke-linecap="round"/>',
  speakers: () =>
    '<rect x="-46" y="-82" width="92" height="150" rx="24" fill="url(#body)"/>' +
    '<rect x="-38" y="-74" width="76" height="120" rx="18" fill="url(#grille)"/>' +
    '<circle cx="0" cy="58" r="4" fill="#fff" opacity=".6"/>',
  headphones: () =>
    '<path d="M-66 10 Q-70 -90 0 -90 Q70 -90 66 10" fill="none" stroke="url(#body)" stroke-width="14" stroke-linecap="round"/>' +
    '<rect x="-92" y="-6" width="44" height="72" rx="20" fill="url(#body)"/><rect x="48" y="-6" width="44" height="72" rx="20" fill="url(#body)"/>' +
    '<rect x="-58" y="2" width="12" height="56" rx="6" fill="url(#dark)"/><rect x="46" y="2" width="12" height="56" rx="6" fill="url(#dark)"/>',
  bike: () =>
    '<g fill="none" stroke="#1d1e21" stroke-width="7"><circle cx="-70" cy="26" r="44"/><circle cx="70" cy="26" r="44"/></g>' +
    '<g fill="none" stroke="#9aa0a6" stroke-width="1.5"><circle cx="-70" cy="26" r="38"/><circle cx="70" cy="26" r="38"/></g>' +
    '<path d="M-70 26 L-24 -34 L48 -34 L70 26 M-24 -34 L-4 26 L48 -34 M-70 26 L-4 26" fill="none" stroke="url(#body)" stroke-width="8" stroke-linejoin="round"/>' +
    '<path d="M-30 -46 H-6" stroke="#1d1e21" stroke-width="8" stroke-linecap="round"/><path d="M48 -34 L42 -60 H62" fill="none" stroke="#1d1e21" stroke-width="6" stroke-linecap="round"/>',
  scooter: () =>
    '<g fill="none" stroke="#1d1e21" stroke-width="9"><circle cx="-80" cy="46" r="24"/><circle cx="84" cy="46" r="24"/></g>' +
    '<path d="M-84 38 H52 L70 -86" fill="none" stroke="url(#body)" stroke-width="10" stroke-linejoin="round"/>' +
    '<path d="M52 -88 H92" stroke="#1d1e21" stroke-width="8" stroke-linecap="round"/><rect x="-70" y="30" width="110" height="10" rx="4" fill="url(#dark)"/>',
};

function shapeFor(leaf: string, title: string): (brand: string) => string {
  if (leaf === 'mountain-bikes' || leaf === 'road-bikes') return SHAPES.bike as (brand: string) => string;
  if (leaf === 'e-bikes') return (/scooter/i.test(title) ? SHAPES.scooter : SHAPES.bike) as (brand: string) => string;
  // A handheld console, and a ring with no stone, look like themselves.
  if (leaf === 'consoles' && /switch|steam deck/i.test(title)) return SHAPES.handheld as (brand: string) => string;
  if (leaf === 'rings' && /band|signet|wedding/i.test(title)) return SHAPES.band as (brand: string) => string;
  if (leaf === 'phone-accessories' && /charger|adapter|mount|power bank/i.test(title)) {
    return SHAPES['phone-accessories'] as (brand: string) => string;
  }
  return SHAPES[leaf] ?? (SHAPES.smartphones as (brand: string) => string);
}

/** How each of an item's pictures is framed: the front, turned, close up, from the other side, further back. */
const VIEWS = [
  { scale: 1, rotate: -3, dx: 0, dy: 0, flip: false },
  { scale: 0.92, rotate: -14, dx: -8, dy: 4, flip: false },
  { scale: 1.35, rotate: 4, dx: 18, dy: 24, flip: false },
  { scale: 1, rotate: 3, dx: 0, dy: 0, flip: true },
  { scale: 0.78, rotate: 0, dx: 0, dy: 6, flip: false },
  { scale: 1.1, rotate: 10, dx: -6, dy: 0, flip: true },
] as const;

export function productImageSvg(input: {
  code: string;
  position: number;
  brand: string;
  /** The root category's icon: the shape when the leaf is not known. */
  icon: string;
  width: number;
  height: number;
  /** The leaf category's slug: picks the shape (a ring, a necklace, headphones). */
  leaf?: string;
  /** The item's colour as the catalogue names it ('rose-gold'); none: the leaf's usual colours. */
  colour?: string | null;
  title?: string;
}): string {
  const h = hash(input.code);
  const { width, height } = input;
  const iconLeaf = GLYPHS.has(input.icon) ? (ICON_LEAF[input.icon] ?? 'smartphones') : 'smartphones';
  const leaf = input.leaf ?? iconLeaf;
  const fallback = DEFAULT_COLOURS[leaf] ?? ['black', 'silver', 'blue', 'white', 'red', 'graphite'];
  const named = input.colour ?? fallback[h % fallback.length] ?? 'black';
  const base = COLOURS.get(named) ?? '#4a4d53';
  const view = VIEWS[(input.position - 1) % VIEWS.length] ?? VIEWS[0];
  // A studio sweep with a faint tint of its own per item, white above to grey at the floor (a
  // linear gradient: a radial one costs a third more time to draw).
  const tint = (h >> 8) % 360;
  const scale = (Math.min(width / 270, height / 205) * view.scale).toFixed(4);
  const brand = escapeXml(input.brand === 'Unbranded' ? '' : input.brand);
  // Seen from the other side, a maker's name would read backwards: it is left off.
  const drawn = shapeFor(leaf, input.title ?? '')(brand);
  const shape = view.flip ? drawn.replace(/<text[^>]*>[^<]*<\/text>/g, '') : drawn;
  const flip = view.flip ? ' scale(-1 1)' : '';
  const floorY = height * 0.5 + 72 * Number(scale) + view.dy;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${tint},16%,97%)"/><stop offset=".62" stop-color="hsl(${tint},12%,91%)"/><stop offset="1" stop-color="hsl(${tint},10%,80%)"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".34"/><stop offset=".6" stop-color="#000" stop-opacity=".12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(base, 0.28)}"/><stop offset=".5" stop-color="${base}"/><stop offset="1" stop-color="${shade(base, -0.35)}"/></linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(base, 0.55)}"/><stop offset=".35" stop-color="${shade(base, -0.15)}"/><stop offset=".55" stop-color="${shade(base, 0.65)}"/><stop offset="1" stop-color="${shade(base, -0.4)}"/></linearGradient>
<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b3442"/><stop offset=".45" stop-color="#0f1318"/><stop offset="1" stop-color="#050608"/></linearGradient>
<linearGradient id="dark" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3c41"/><stop offset="1" stop-color="#141518"/></linearGradient>
<linearGradient id="art" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(h >> 4) % 360},60%,55%)"/><stop offset="1" stop-color="hsl(${((h >> 4) + 70) % 360},55%,28%)"/></linearGradient>
<pattern id="grille" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#2a2b2f"/><circle cx="3" cy="3" r="1.4" fill="#111"/></pattern>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<ellipse cx="${width / 2 + view.dx}" cy="${floorY.toFixed(1)}" rx="${(118 * Number(scale)).toFixed(1)}" ry="${(14 * Number(scale)).toFixed(1)}" fill="url(#shadow)"/>
<g transform="translate(${width / 2 + view.dx} ${height / 2 + view.dy}) scale(${scale}) rotate(${view.rotate + ((h % 5) - 2)})${flip}" font-family="DejaVu Sans, Arial, sans-serif">${shape}</g>
</svg>`;
}

export function categoryIconSvg(icon: string): string | null {
  const glyph = GLYPHS.get(icon);
  if (!glyph) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="-60 -60 120 120"><g fill="#1d4e89" stroke="#1d4e89">${glyph.replaceAll('#fff', '#1d4e89').replaceAll('rgba(0,0,0,.25)', '#fff')}</g></svg>`;
}
