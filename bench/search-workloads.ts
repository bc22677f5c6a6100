/** The request mixes the search benchmark drives, one autocannon run per kind. */

export type WorkloadKind = 'trivial' | 'broad' | 'narrow' | 'facets' | 'sorts' | 'deep' | 'suggest' | 'distance';

export interface Workload {
  kind: WorkloadKind;
  description: string;
  /** Request paths (with query strings), sent in rotation. */
  paths: string[];
  /** The p99 target in milliseconds, defined for a catalogue of TARGET_PRODUCTS items; null = no target. */
  p99TargetMs: number | null;
}

/** The catalogue size the first latency targets were set for. */
export const TARGET_PRODUCTS = 100_000;
const SEARCH_P99_TARGET_MS = 50;
const SUGGEST_P99_TARGET_MS = 10;
/** The million-item targets, for a catalogue of a million items. */
export const MILLION = 1_000_000;
const MILLION_SEARCH = { p50Ms: 3, p99Ms: 20 };
const MILLION_SUGGEST = { p50Ms: null, p99Ms: 5 };
const MILLION_FOUR_CONNECTIONS = { p50Ms: null, p99Ms: 40 };
/** Searches by distance: in the same budget as the others, and the issue asks p99 10 ms at a million. */
const DISTANCE_P99_TARGET_MS = 10;
const MILLION_DISTANCE = { p50Ms: 3, p99Ms: DISTANCE_P99_TARGET_MS };

export interface Target {
  p50Ms: number | null;
  p99Ms: number;
}

/**
 * The target a kind is held to in a run: the million-item targets at a million items or more (p50 3 ms and p99
 * 20 ms for searches, p99 5 ms for suggestions, p99 40 ms for everything with four connections or
 * more), the earlier p99 targets below that; null for the trivial route, and for several
 * connections below a million items (no target was set).
 */
export function targetFor(workload: Workload, products: number, connections: number): Target | null {
  if (workload.p99TargetMs === null) return null;
  if (products >= MILLION) {
    if (connections >= 4) return MILLION_FOUR_CONNECTIONS;
    if (connections > 1) return null;
    if (workload.kind === 'distance') return MILLION_DISTANCE;
    return workload.kind === 'suggest' ? MILLION_SUGGEST : MILLION_SEARCH;
  }
  return { p50Ms: null, p99Ms: workload.p99TargetMs };
}

const RESULTS = '/c3api/search/results';
const results = (query: string): string => (query === '' ? RESULTS : `${RESULTS}?${query}`);
const text = (words: string): string => `query=${encodeURIComponent(words)}`;
const suggest = (partial: string): string =>
  `/c3api/search/predective?query=${encodeURIComponent(partial)}&isMobileDevice=false&referrer=%2F`;

const BROAD_WORDS = ['phone', 'apple', 'samsung', 'watch', 'gold', 'bike', 'laptop', 'guitar', 'tv', 'camera'];
const NARROW_PHRASES = [
  'iphone 13 pro',
  'galaxy s23',
  'makita drill',
  'rolex submariner',
  'macbook air m2',
  'ps5 console',
  'fender stratocaster',
  'sony headphones',
  // misspellings
  'iphnoe',
  'samsnug',
];
/**
 * Places spread over the AU region's store locations (the demo's stores stand in these towns'
 * shopping centres), as 'lat,lng' so the run needs no place tables: city centres with several
 * stores around them, and regional towns with one.
 */
const AU_PLACES = {
  sydney: '-33.8688,151.2093',
  parramatta: '-33.8150,151.0011',
  melbourne: '-37.8136,144.9631',
  brisbane: '-27.4698,153.0251',
  perth: '-31.9523,115.8613',
  adelaide: '-34.9285,138.6007',
  hobart: '-42.8821,147.3272',
  canberra: '-35.2809,149.1300',
  cairns: '-16.9186,145.7781',
  dubbo: '-32.2569,148.6011',
};
const near = (place: keyof typeof AU_PLACES): string => `near=${encodeURIComponent(AU_PLACES[place])}`;

const PARTIAL_WORDS = ['iph', 'sams', 'mac', 'rol', 'gui', 'play', 'can', 'dew', 'mak', 'bos', 'lap', 'wat'];

export const WORKLOADS: Workload[] = [
  {
    kind: 'trivial',
    description: 'GET /healthz, the ceiling',
    paths: ['/healthz'],
    p99TargetMs: null,
  },
  {
    kind: 'broad',
    description: 'one broad word, plus the empty query',
    paths: [...BROAD_WORDS.map((word) => results(text(word))), results('')],
    p99TargetMs: SEARCH_P99_TARGET_MS,
  },
  {
    kind: 'narrow',
    description: 'several words, and misspellings',
    paths: NARROW_PHRASES.map((phrase) => results(text(phrase))),
    p99TargetMs: SEARCH_P99_TARGET_MS,
  },
  {
    kind: 'facets',
    description: 'searches with filters',
    paths: [
      results('query=apple&category=smartphones&location=NSW,VIC'),
      results('category=jewellery&price=100-250,250-500&onsale=true'),
      results('query=samsung&brand=samsung&condition=4,5&delivery=postage'),
      results('location=QLD&haspictures=true&colour=black'),
      results('category=computers&storage=256gb,512gb'),
    ],
    p99TargetMs: SEARCH_P99_TARGET_MS,
  },
  {
    kind: 'sorts',
    description: 'searches sorted by price, date and condition',
    paths: [
      results('query=phone&Sort=price%2B'),
      results('query=phone&Sort=price-'),
      results('Sort=listed-'),
      results('query=watch&Sort=condition-'),
      results('category=bikes&Sort=price-'),
    ],
    p99TargetMs: SEARCH_P99_TARGET_MS,
  },
  {
    kind: 'deep',
    description: 'deep result pages',
    paths: [
      results('query=phone&page=20'),
      results('page=50'),
      results('page=200&NumberOfResults=16'),
      results('query=gold&page=10'),
    ],
    p99TargetMs: SEARCH_P99_TARGET_MS,
  },
  {
    kind: 'suggest',
    description: 'suggestions for partial words',
    paths: PARTIAL_WORDS.map(suggest),
    p99TargetMs: SUGGEST_P99_TARGET_MS,
  },
  {
    kind: 'distance',
    description: 'near a place: text or category within a radius, and sorted by distance',
    paths: [
      results(`query=phone&${near('sydney')}&within=25`),
      results(`category=smartphones&${near('melbourne')}&within=50`),
      results(`query=drill&${near('brisbane')}&within=10`),
      results(`${near('perth')}&within=100`),
      results(`query=apple&category=smartphones&${near('parramatta')}&within=25&condition=4,5`),
      results(`query=laptop&${near('adelaide')}&Sort=distance`),
      results(`category=bikes&${near('canberra')}&Sort=distance`),
      results(`${near('hobart')}&Sort=distance`),
      results(`query=watch&${near('cairns')}&within=50&Sort=distance`),
      results(`query=gold&${near('dubbo')}&Sort=distance&page=5`),
    ],
    p99TargetMs: DISTANCE_P99_TARGET_MS,
  },
];
