import { type ProductDetail, REGION_INFO, type Region, type SearchResultsValue } from '@shop/contract';
import { formatCount } from '../lib/format-count';
import { escapeHtml, scriptJson } from '../lib/script-json';

/** What a server-rendered page puts in its <head>: search engines read these before any script. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page's one address (no tracking or paging parameters). */
  canonical: string | null;
  /** schema.org data for the page, written as JSON-LD. */
  structuredData: Record<string, unknown> | null;
}

export const SITE_NAME = 'Secondhand';
export const HOME_TITLE = 'Secondhand: pre-loved goods from local stores';
export const NOT_FOUND_TITLE = `Page not found | ${SITE_NAME}`;

function absolute(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** A description fits in a search result's snippet: whitespace folded, cut at a word near 160 characters. */
export function snippet(text: string, max = 160): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export function homeHead(origin: string, region: Region): PageHead {
  return {
    title: HOME_TITLE,
    description: `Second-hand phones, laptops, jewellery, tools and more from local stores across ${
      region === 'UK' ? 'the United Kingdom' : REGION_INFO[region].name
    }.`,
    canonical: absolute(origin, '/'),
    structuredData: null,
  };
}

export function searchHead(origin: string, params: URLSearchParams, value: SearchResultsValue | null): PageHead {
  const term = params.get('query')?.trim() ?? '';
  const count = value?.ProductList.ProductListItemCount;
  const counted = count === undefined ? '' : `${formatCount(count)} ${count === 1 ? 'item' : 'items'}`;
  // The canonical search keeps only the term: filters, sorting and paging are views of it.
  const canonical = term ? `/search-results?${new URLSearchParams({ query: term })}` : '/search-results';
  return {
    title: term ? `${term}: search results | ${SITE_NAME}` : `Shop all items | ${SITE_NAME}`,
    description: term
      ? `${counted || 'Items'} matching "${term}", second-hand from local stores.`
      : `${counted || 'Items'} second-hand from local stores: phones, laptops, jewellery, tools and more.`,
    canonical: absolute(origin, canonical),
    structuredData: null,
  };
}

/** A product's page: its title and price in the title and description, and a schema.org Product with its Offer. */
export function productHead(origin: string, product: ProductDetail, region: Region): PageHead {
  const sold = !product.IsAvailable;
  const url = absolute(origin, product.Url);
  const price = (product.SpMinorUnits / 100).toFixed(2);
  return {
    title: `${sold ? 'Sold: ' : ''}${product.Title} | ${SITE_NAME}`,
    description: snippet(
      `${sold ? 'Sold: ' : ''}${product.Title}, ${product.Sp}, ${product.ConditionLabel.toLowerCase()}, from ${
        product.Store.NameWithState
      }. ${product.Description}`,
    ),
    canonical: url,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.Title,
      sku: product.Code,
      description: snippet(product.Description, 5000),
      ...(product.Brand ? { brand: { '@type': 'Brand', name: product.Brand } } : {}),
      category: product.Category,
      image: product.Images.map((image) => absolute(origin, image.Url)),
      url,
      offers: {
        '@type': 'Offer',
        url,
        price,
        priceCurrency: REGION_INFO[region].currencyCode,
        availability: sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'Store', name: product.Store.Name, url: absolute(origin, `/stores/${product.Store.Slug}`) },
      },
    },
  };
}

/** /stores: one address whatever the place (the list is the same stores in another order). */
export function storeFinderHead(origin: string, region: Region): PageHead {
  return {
    title: `Find a store | ${SITE_NAME}`,
    description: `Every Secondhand store across ${
      region === 'UK' ? 'the United Kingdom' : REGION_INFO[region].name
    }: addresses, today's opening hours and phone numbers, nearest first from your postcode.`,
    canonical: absolute(origin, '/stores'),
    structuredData: null,
  };
}

export function notFoundHead(): PageHead {
  return {
    title: NOT_FOUND_TITLE,
    description: 'That page does not exist, or it has moved.',
    canonical: null,
    structuredData: null,
  };
}

/** The head's tags as HTML, to replace the shell's <title> and description. */
export function headHtml(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.structuredData) {
    tags.push(`<script type="application/ld+json">${scriptJson(head.structuredData)}</script>`);
  }
  return tags.join('\n    ');
}
