import type { Region } from '@shop/contract';
import type { LeafCategory } from './catalogue-data.js';
import type { Random } from './random.js';

/**
 * What a second-hand store would ticket an item at: the model's price when new, less what its age
 * and condition take off, on the scale of its kind (a phone loses value fast, a Rolex hardly at
 * all, gold is worth its gold), rounded the way a shop writes a ticket. A demo whose iPhone costs
 * less than its charger loses a shopper's trust in everything else on the page.
 */

/** How a kind of item holds its value. */
interface Depreciation {
  /** Share of the new price an item keeps the moment it is second-hand (condition 5, age 0). */
  used: number;
  /** Share of value kept per year of age (1: age does not matter). */
  perYear: number;
  /** The least share of the new price an item keeps however old (a working phone is never free). */
  floor: number;
}

const ELECTRONICS: Depreciation = { used: 0.8, perYear: 0.85, floor: 0.2 };
const COMPUTERS: Depreciation = { used: 0.8, perYear: 0.87, floor: 0.2 };
/** Consoles and monitors: slow to date, a working one always sells. */
const HOLDS_VALUE: Depreciation = { used: 0.75, perYear: 0.92, floor: 0.35 };
const DURABLE: Depreciation = { used: 0.7, perYear: 0.94, floor: 0.3 };
const INSTRUMENTS: Depreciation = { used: 0.72, perYear: 0.97, floor: 0.4 };
const GAMES: Depreciation = { used: 0.55, perYear: 0.85, floor: 0.2 };
/** Gold and silver: a share of retail however old (the metal does not wear out). */
const JEWELLERY: Depreciation = { used: 0.5, perYear: 1, floor: 0.5 };
/** Prestige watches hold their value; fashion ones do not. */
const LUXURY_WATCHES: Depreciation = { used: 0.85, perYear: 0.99, floor: 0.6 };

const DEPRECIATION_BY_LEAF: Record<string, Depreciation> = {
  smartphones: ELECTRONICS,
  'phone-accessories': ELECTRONICS,
  laptops: COMPUTERS,
  tablets: COMPUTERS,
  monitors: HOLDS_VALUE,
  consoles: HOLDS_VALUE,
  'video-games': GAMES,
  controllers: HOLDS_VALUE,
  rings: JEWELLERY,
  necklaces: JEWELLERY,
  bracelets: JEWELLERY,
  'luxury-watches': LUXURY_WATCHES,
  'smart-watches': ELECTRONICS,
  'power-tools': DURABLE,
  'hand-tools': DURABLE,
  guitars: INSTRUMENTS,
  'keyboards-pianos': INSTRUMENTS,
  amplifiers: INSTRUMENTS,
  'digital-cameras': COMPUTERS,
  lenses: INSTRUMENTS,
  televisions: ELECTRONICS,
  speakers: ELECTRONICS,
  headphones: ELECTRONICS,
  'mountain-bikes': DURABLE,
  'road-bikes': DURABLE,
  'e-bikes': COMPUTERS,
};

/** Condition 0 (as is, not graded) to 5 (like new): the share of a good used price it fetches. */
export const CONDITION_FACTOR = [0.5, 0.62, 0.74, 0.85, 0.93, 1] as const;

/** Australian dollars per pound, roughly: the UK demo prices the same goods in pounds. */
const AUD_PER_GBP = 1.95;

/**
 * Each model's price new in Australian dollars (base storage) and the year it came out. The year
 * is the youngest an item can be; a listed one is that old or a little older (bought later).
 */
export const MODEL_NEW_PRICES: Record<string, readonly [number, number]> = {
  // Smartphones
  'iPhone 11': [1199, 2019],
  'iPhone 12': [1349, 2020],
  'iPhone 13': [1349, 2021],
  'iPhone 13 Pro': [1699, 2021],
  'iPhone 14': [1399, 2022],
  'iPhone 14 Pro Max': [1999, 2022],
  'iPhone 15': [1499, 2023],
  'iPhone 15 Pro': [1849, 2023],
  'iPhone SE': [719, 2022],
  'Galaxy S21': [1249, 2021],
  'Galaxy S22 Ultra': [1849, 2022],
  'Galaxy S23': [1349, 2023],
  'Galaxy S24': [1399, 2024],
  'Galaxy A54': [699, 2023],
  'Galaxy Z Flip 5': [1649, 2023],
  'Galaxy Note 20': [1499, 2020],
  'Pixel 6': [999, 2021],
  'Pixel 7': [999, 2022],
  'Pixel 7a': [749, 2023],
  'Pixel 8 Pro': [1699, 2023],
  'Find X5': [1299, 2022],
  'Reno 8': [799, 2022],
  A78: [449, 2023],
  'Moto G84': [449, 2023],
  'Edge 40': [699, 2023],
  G60: [499, 2022],
  X30: [799, 2022],
  // Phone accessories
  'MagSafe Charger': [69, 2021],
  'AirPods Pro': [399, 2022],
  'AirPods 3rd Gen': [279, 2021],
  '20W USB-C Power Adapter': [35, 2020],
  'Galaxy Buds2': [219, 2021],
  'Wireless Charger Duo': [119, 2020],
  '25W Travel Adapter': [35, 2021],
  'BoostCharge Pro': [149, 2022],
  'Car Phone Mount': [49, 2021],
  'PowerCore 20000 Power Bank': [79, 2021],
  'Nano Charger': [39, 2022],
  // Laptops
  'MacBook Air M1': [1599, 2020],
  'MacBook Air M2': [1899, 2022],
  'MacBook Pro 14': [3199, 2021],
  'MacBook Pro 16': [3999, 2021],
  'XPS 13': [2199, 2021],
  'XPS 15': [2999, 2021],
  'Inspiron 15': [999, 2021],
  'Latitude 7420': [2299, 2021],
  'Pavilion 15': [1099, 2021],
  'EliteBook 840': [2199, 2021],
  'Spectre x360': [2499, 2021],
  'Envy 13': [1699, 2021],
  'ThinkPad X1 Carbon': [2899, 2021],
  'ThinkPad T14': [1999, 2021],
  'IdeaPad 5': [1099, 2021],
  'Legion 5 Gaming Laptop': [1999, 2021],
  'ZenBook 14': [1499, 2021],
  'ROG Strix G15 Gaming Laptop': [2299, 2021],
  'VivoBook 15': [899, 2021],
  'Surface Laptop 4': [1799, 2021],
  'Surface Laptop Go': [899, 2020],
  // Tablets
  'iPad 9th Gen': [499, 2021],
  'iPad Air 5th Gen': [929, 2022],
  'iPad Pro 11': [1399, 2021],
  'iPad Pro 12.9': [1899, 2021],
  'iPad Mini 6': [749, 2021],
  'Galaxy Tab S8': [1149, 2022],
  'Galaxy Tab A8': [379, 2022],
  'Galaxy Tab S9 FE': [749, 2023],
  'Surface Pro 8': [1649, 2021],
  'Surface Go 3': [749, 2021],
  'Tab P11': [499, 2021],
  'Tab M10': [279, 2021],
  // Monitors
  'UltraSharp U2720Q 27" Monitor': [899, 2020],
  'S2421H 24" Monitor': [249, 2020],
  'UltraGear 27GL850 Monitor': [749, 2019],
  '34WN80C Ultrawide Monitor': [899, 2019],
  'Odyssey G5 Curved Monitor': [499, 2020],
  'Smart Monitor M7': [699, 2021],
  'GW2480 Monitor': [199, 2019],
  'EX2780Q Gaming Monitor': [649, 2020],
  // Consoles
  'PlayStation 5 Console': [799, 2020],
  'PlayStation 5 Digital Edition': [649, 2020],
  'PlayStation 4 Pro Console': [559, 2016],
  'PlayStation 4 Slim Console': [449, 2016],
  'Xbox Series X Console': [799, 2020],
  'Xbox Series S Console': [499, 2020],
  'Xbox One X Console': [649, 2017],
  'Switch OLED Console': [539, 2021],
  'Switch Console': [469, 2019],
  'Switch Lite Console': [329, 2019],
  'Steam Deck': [749, 2022],
  // Video games
  'Spider-Man 2 PS5 Game': [109, 2023],
  'God of War Ragnarok PS5 Game': [109, 2022],
  'Gran Turismo 7 PS4 Game': [99, 2022],
  'The Last of Us Part II PS4 Game': [79, 2020],
  'Mario Kart 8 Deluxe Switch Game': [79, 2017],
  'Zelda Tears of the Kingdom Switch Game': [99, 2023],
  'Animal Crossing Switch Game': [79, 2020],
  'Pokemon Scarlet Switch Game': [89, 2022],
  'Halo Infinite Xbox Game': [99, 2021],
  'Forza Horizon 5 Xbox Game': [99, 2021],
  'FC 24 PS5 Game': [109, 2023],
  'FIFA 23 PS4 Game': [99, 2022],
  'Need for Speed Unbound PS5 Game': [109, 2022],
  // Controllers
  'DualSense Controller': [109, 2020],
  'DualShock 4 Controller': [89, 2016],
  'PlayStation VR2 Headset': [879, 2023],
  'Xbox Wireless Controller': [89, 2020],
  'Xbox Elite Controller Series 2': [269, 2019],
  'Switch Pro Controller': [99, 2017],
  'Joy-Con Pair': [119, 2017],
  'G29 Racing Wheel': [449, 2016],
  'G Pro Gaming Headset': [199, 2020],
  // Rings (retail new)
  '18ct Gold Diamond Engagement Ring': [6500, 2015],
  '9ct Gold Signet Ring': [690, 2015],
  'Sterling Silver Band Ring': [120, 2018],
  '14ct White Gold Solitaire Ring': [3800, 2015],
  'Platinum Wedding Band': [2400, 2015],
  'Sparkling Crown Ring': [129, 2019],
  'Timeless Pave Ring': [149, 2020],
  'Elsa Peretti Band Ring': [690, 2018],
  'T Wire Ring': [1650, 2018],
  // Necklaces
  '9ct Gold Belcher Chain': [990, 2015],
  '18ct Gold Rope Chain': [4200, 2015],
  'Sterling Silver Curb Chain': [149, 2018],
  'Diamond Pendant Necklace': [2600, 2015],
  'Pearl Strand Necklace': [1200, 2015],
  'Moments Snake Chain Necklace': [119, 2019],
  'Crystal Pendant Necklace': [229, 2019],
  // Bracelets
  '9ct Gold Bangle': [890, 2015],
  'Sterling Silver Charm Bracelet': [169, 2018],
  '18ct Gold Tennis Bracelet': [5500, 2015],
  'Moments Charm Bracelet': [119, 2019],
  'Reflexions Bracelet': [139, 2019],
  // Luxury watches
  'Submariner Date': [15750, 2020],
  'Datejust 36': [11900, 2018],
  'Oyster Perpetual 41': [9500, 2020],
  'GMT-Master II': [17800, 2019],
  'Seamaster Diver 300M': [8600, 2019],
  'Speedmaster Professional': [10500, 2021],
  Constellation: [8200, 2019],
  'Heuer Carrera': [7900, 2019],
  'Heuer Aquaracer': [4600, 2019],
  'PRX Powermatic 80': [1025, 2021],
  'Le Locle Automatic': [950, 2019],
  'Presage Cocktail Time': [799, 2019],
  'Prospex Turtle': [799, 2018],
  '5 Sports Automatic': [549, 2019],
  // Smart watches
  'Watch Series 7': [599, 2021],
  'Watch Series 8': [629, 2022],
  'Watch Series 9': [649, 2023],
  'Watch Ultra': [1299, 2022],
  'Watch SE': [399, 2022],
  'Galaxy Watch 5': [499, 2022],
  'Galaxy Watch 6 Classic': [649, 2023],
  'Fenix 7': [1149, 2022],
  'Forerunner 255': [549, 2022],
  'Venu 2': [599, 2021],
  'Sense 2': [449, 2022],
  'Versa 4': [349, 2022],
  // Power tools (skin or kit; extras move it)
  '18V Brushless Hammer Drill': [329, 2019],
  '18V Impact Driver': [279, 2019],
  '18V Circular Saw': [349, 2019],
  'Angle Grinder 125mm': [169, 2018],
  '20V Max Drill Driver Kit': [399, 2019],
  '18V XR Impact Wrench': [449, 2020],
  'Mitre Saw 254mm': [899, 2018],
  'M18 Fuel Hammer Drill': [499, 2020],
  'M18 Fuel Impact Driver': [399, 2020],
  'M12 Multi-Tool': [249, 2019],
  '18V One+ Drill Kit': [199, 2019],
  '18V One+ Jigsaw': [149, 2019],
  'Leaf Blower': [169, 2019],
  'Professional GSB 18V Drill': [379, 2019],
  'Rotary Hammer GBH 2-26': [449, 2018],
  // Hand tools
  'FatMax Tape Measure': [39, 2019],
  '120 Piece Socket Set': [199, 2018],
  'Toolbox with Tools': [249, 2018],
  'Socket Set 1/2" Drive': [299, 2018],
  'Spanner Set 14 Piece': [229, 2018],
  'Ratchet Spanner Set': [329, 2018],
  'Tool Chest 9 Drawer': [1899, 2017],
  // Guitars
  'Stratocaster Electric Guitar': [2999, 2018],
  'Telecaster Electric Guitar': [2899, 2018],
  'Precision Bass Guitar': [2699, 2018],
  'CD-60S Acoustic Guitar': [349, 2019],
  'Les Paul Standard Electric Guitar': [5499, 2019],
  'SG Standard Electric Guitar': [3299, 2019],
  'J-45 Acoustic Guitar': [4999, 2019],
  'FG800 Acoustic Guitar': [349, 2019],
  'Pacifica 112V Electric Guitar': [499, 2019],
  'C40 Classical Guitar': [199, 2019],
  'RG421 Electric Guitar': [699, 2019],
  'GRG170DX Electric Guitar': [449, 2019],
  'EBG808 Acoustic Guitar': [1399, 2019],
  'SRS70 Acoustic Guitar': [899, 2019],
  // Keyboards and pianos
  'PSR-E373 Keyboard': [399, 2019],
  'P-45 Digital Piano': [799, 2018],
  'Clavinova CLP-735': [3999, 2020],
  'FP-30X Digital Piano': [1199, 2021],
  'Juno-DS61 Synthesizer': [1299, 2018],
  'CT-S300 Keyboard': [249, 2020],
  'Privia PX-S1100 Digital Piano': [1099, 2021],
  'Minilogue Synthesizer': [899, 2018],
  'B2 Digital Piano': [799, 2020],
  // Amplifiers and effects
  'DSL40CR Valve Amp': [1499, 2019],
  'MG15 Guitar Amp': [179, 2019],
  'Mustang LT25 Amp': [299, 2020],
  'Blues Junior IV Amp': [1099, 2019],
  'Katana 50 MkII Amp': [599, 2020],
  'DS-1 Distortion Pedal': [99, 2018],
  'RC-30 Loop Station': [399, 2018],
  // Cameras
  'EOS R6 Mirrorless Camera': [4299, 2020],
  'EOS 90D DSLR Camera': [2099, 2019],
  'EOS M50 Mark II': [1099, 2020],
  'PowerShot G7 X Mark III': [1199, 2019],
  'Z6 II Mirrorless Camera': [3499, 2020],
  'D750 DSLR Camera': [2499, 2016],
  'D3500 DSLR Camera': [699, 2018],
  'Alpha A7 III Mirrorless Camera': [2999, 2018],
  'Alpha A6400': [1499, 2019],
  'ZV-1 Vlog Camera': [1049, 2020],
  'X-T4 Mirrorless Camera': [2799, 2020],
  X100V: [2199, 2020],
  'Instax Mini 12': [119, 2023],
  'HERO11 Black': [699, 2022],
  'HERO10 Black': [599, 2021],
  // Lenses
  'RF 24-105mm f/4L Lens': [1899, 2019],
  'EF 50mm f/1.8 STM Lens': [229, 2016],
  'EF 70-200mm f/2.8L Lens': [2999, 2018],
  'Z 24-70mm f/4 S Lens': [1399, 2018],
  'AF-S 35mm f/1.8G Lens': [349, 2016],
  'FE 28-70mm Lens': [599, 2018],
  'FE 85mm f/1.8 Lens': [899, 2018],
  '18-35mm f/1.8 Art Lens': [1099, 2016],
  '150-600mm Contemporary Lens': [1799, 2017],
  // Televisions
  '55" Crystal UHD 4K Smart TV': [995, 2022],
  '65" QLED 4K Smart TV': [2199, 2022],
  '43" Full HD Smart TV': [599, 2021],
  '65" OLED C2 4K Smart TV': [3999, 2022],
  '55" NanoCell 4K Smart TV': [1299, 2021],
  '50" UHD 4K Smart TV': [899, 2021],
  '65" Bravia XR 4K Google TV': [3299, 2022],
  '55" Bravia X80K 4K TV': [1599, 2022],
  '55" C645 QLED Google TV': [899, 2023],
  '75" P745 4K Google TV': [1699, 2023],
  '65" U7K Mini-LED TV': [1799, 2023],
  '50" A6 4K Smart TV': [649, 2022],
  // Speakers
  'One SL Speaker': [299, 2019],
  'Beam Gen 2 Soundbar': [749, 2021],
  'Arc Soundbar': [1499, 2020],
  'Move Portable Speaker': [699, 2019],
  'Charge 5 Bluetooth Speaker': [249, 2021],
  'Flip 6 Bluetooth Speaker': [179, 2021],
  'PartyBox 310': [799, 2021],
  'SoundLink Flex': [229, 2021],
  'Smart Soundbar 600': [799, 2022],
  'Home Speaker 500': [499, 2018],
  'HW-Q600C Soundbar': [699, 2023],
  // Headphones
  'WH-1000XM4 Noise Cancelling Headphones': [549, 2020],
  'WH-1000XM5 Noise Cancelling Headphones': [599, 2022],
  'WF-1000XM4 Earbuds': [449, 2021],
  'QuietComfort 45 Headphones': [499, 2021],
  'QuietComfort Earbuds II': [429, 2022],
  '700 Noise Cancelling Headphones': [599, 2019],
  'AirPods Max': [899, 2020],
  'Beats Studio Pro Headphones': [549, 2023],
  'Beats Fit Pro': [349, 2021],
  'Momentum 4 Wireless': [549, 2022],
  'HD 560S Headphones': [349, 2020],
  // Mountain bikes
  'Talon 2 Mountain Bike': [1099, 2021],
  'Trance X 29 Mountain Bike': [5499, 2021],
  'Stance 2 Mountain Bike': [2299, 2020],
  'Marlin 7 Mountain Bike': [1499, 2021],
  'Fuel EX 8 Mountain Bike': [6499, 2021],
  'Rockhopper Sport Mountain Bike': [1300, 2021],
  'Stumpjumper Comp': [6900, 2021],
  'Big Nine 300 Mountain Bike': [1249, 2021],
  // Road bikes
  'Contend AR 3 Road Bike': [1299, 2021],
  'TCR Advanced 2 Road Bike': [3299, 2021],
  'Domane AL 2 Road Bike': [1399, 2021],
  'Emonda SL 5': [4299, 2021],
  'Allez Sport Road Bike': [1600, 2021],
  'Tarmac SL7': [8500, 2021],
  'CAAD Optimo 1': [1899, 2021],
  'Synapse Carbon 3': [4299, 2022],
  // Electric bikes and scooters
  'Ninebot Max G30 Electric Scooter': [1299, 2021],
  'Ninebot E2 Electric Scooter': [599, 2022],
  'Mi Electric Scooter Pro 2': [899, 2020],
  'Electric Scooter 4': [749, 2022],
  'Explore E+ 2 Electric Bike': [4499, 2021],
  'Amsterdam+ Electric Bike': [2999, 2021],
};

/** The year the catalogue's items are priced in (CATALOGUE_EPOCH's year). */
const PRICING_YEAR = 2026;

export interface PriceInput {
  leaf: LeafCategory;
  model: string;
  storage: string | null;
  /** Words added to the title: 'Skin Only' makes a tool cheaper, 'with 2 Batteries' dearer. */
  extra: string | null;
  condition: number;
  region: Region;
}

/** What extras do to a price. Unlisted extras change nothing. */
const EXTRA_FACTORS: Record<string, number> = {
  'Skin Only': 0.7,
  'with 2 Batteries': 1.35,
  'with Battery and Charger': 1.2,
  'Kit in Case': 1.3,
  'Box and Papers': 1.12,
  'Body Only': 0.9,
  'with Kit Lens': 1.15,
  'with Hard Case': 1.08,
  'with Games': 1.1,
  'with 2 Controllers': 1.12,
  'Wi-Fi + Cellular': 1.15,
  'GPS + Cellular': 1.15,
  LTE: 1.15,
  '16GB RAM': 1.1,
  'Intel Core i7': 1.08,
};

/** Each step up the leaf's storage list (64GB, 128GB, ...) adds this share of the base price. */
const STORAGE_STEP = 0.12;

/**
 * The ticket price in minor units of the region's currency. Draws three numbers from `random`:
 * how much older than its model the item is, a small spread between stores, and the ticket's ending.
 */
export function modelPrice(random: Random, input: PriceInput): { priceMinor: number; ageYears: number } {
  const [newAud, year] = MODEL_NEW_PRICES[input.model] ?? fallbackNewPrice(input.leaf);
  const depreciation = DEPRECIATION_BY_LEAF[input.leaf.slug] ?? DURABLE;
  const ageYears = Math.max(0, PRICING_YEAR - year) + random.int(0, 2);
  const storageIndex = input.storage && input.leaf.storage ? Math.max(0, input.leaf.storage.indexOf(input.storage)) : 0;
  const variant = (1 + STORAGE_STEP * storageIndex) * (input.extra ? (EXTRA_FACTORS[input.extra] ?? 1) : 1);
  const kept = Math.max(depreciation.floor, depreciation.used * depreciation.perYear ** ageYears);
  const condition = CONDITION_FACTOR[input.condition] ?? 1;
  // Two stores never price the same item alike: within 6% either way.
  const spread = 0.94 + random.next() * 0.12;
  const aud = newAud * variant * kept * condition * spread;
  const amount = input.region === 'UK' ? aud / AUD_PER_GBP : aud;
  return { priceMinor: shopPrice(amount, input.region, random.next()), ageYears };
}

/** A model not in the table: the middle of its leaf's band, as if a few years old. */
function fallbackNewPrice(leaf: LeafCategory): readonly [number, number] {
  return [Math.sqrt(leaf.price[0] * leaf.price[1]) * 1.6, PRICING_YEAR - 3];
}

/**
 * A price as a store writes it (minor units). Australia: whole dollars under $20, then $x4.99,
 * $x9.99 or $x5.00/$x0.00 steps of 5 (steps of 10 from $1,000, 50 from $5,000); UK: £x.50 and £x.99
 * under £20, then whole pounds, £x4.99/£x9.99 and the same steps. `roll` (0-1) picks the ending.
 */
export function shopPrice(amount: number, region: Region, roll: number): number {
  if (amount < 20) {
    const whole = Math.max(2, Math.round(amount));
    if (region === 'UK') return roll < 0.4 ? whole * 100 - 50 : roll < 0.8 ? whole * 100 - 1 : whole * 100;
    return roll < 0.5 ? whole * 100 : whole * 100 - 1;
  }
  const step = amount >= 5000 ? 50 : amount >= 1000 ? 10 : 5;
  const whole = Math.max(step, Math.round(amount / step) * step);
  // About half the tickets end in .99 just under the round number, the rest on it.
  return roll < 0.5 ? whole * 100 - 1 : whole * 100;
}

/** The leaf's plausible band of ticket prices in minor units of the region's currency (what a test holds the model to). */
export function plausibleBand(leaf: LeafCategory, region: Region): [number, number] {
  const [min, max] = leaf.price;
  const rate = region === 'UK' ? 1 / AUD_PER_GBP : 1;
  return [Math.floor(min * rate * 100), Math.ceil(max * rate * 100)];
}
