import type { RouteObject } from 'react-router';

/**
 * The routes of a table that could match a path, by the path's first segment (the total
 * blocking time budget). React Router flattens and ranks the whole table on every match, compiling a regular
 * expression for each route: on a phone-speed CPU that was 50-60 ms of a product page's start,
 * twice (the page's preload and `<Routes>`). A route whose path starts with another word cannot
 * match, so leaving it out changes nothing the router chooses: it still ranks what is left, and
 * picks the same route with the same params.
 *
 * Kept: a route whose first segment is the path's (compared as the router does, decoded and, unless
 * the route is case sensitive, in any case), one whose first segment is a parameter, optional or
 * `*`, a route without a path (a layout) or "/" with children that keeps any child, and at "/" an
 * index route. A kept route keeps all its children: they are matched below its own segment.
 */
export function candidateRoutes(routes: RouteObject[], pathname: string): RouteObject[] {
  const segment = firstSegment(pathname);
  let bySegment = cache.get(routes);
  if (!bySegment) {
    bySegment = new Map();
    cache.set(routes, bySegment);
  }
  let kept = bySegment.get(segment);
  if (!kept) {
    // The same array for the same segment: React Router is handed a stable table.
    kept = keepMatching(routes, segment);
    bySegment.set(segment, kept);
  }
  return kept;
}

const cache = new WeakMap<RouteObject[], Map<string, RouteObject[]>>();

/** The path's first segment, decoded as the router decodes it (left as it is when it is not valid). */
export function firstSegment(pathname: string): string {
  const raw = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function keepMatching(routes: RouteObject[], segment: string): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    const first = route.path === undefined ? undefined : firstOf(route.path);
    if (route.index || (first === '' && segment === '')) {
      // Met only at "/" (a kept route's own children are not looked at): an index route matches "/" alone.
      if (segment === '') kept.push(route);
    } else if (first === undefined || (first === '' && route.children)) {
      // A layout, or "/" with children: its children's paths start where the path does.
      const children = keepMatching(route.children ?? [], segment);
      if (children.length > 0) kept.push({ ...route, children } as RouteObject);
    } else if (mayMatch(first, route.caseSensitive === true, segment)) {
      kept.push(route);
    }
  }
  return kept;
}

function firstOf(path: string): string {
  return path.replace(/^\/+/, '').split('/')[0] ?? '';
}

function mayMatch(first: string, caseSensitive: boolean, segment: string): boolean {
  // A parameter, an optional segment or a splat: any first segment may match.
  if (first.startsWith(':') || first.endsWith('?') || first.includes('*')) return true;
  return caseSensitive ? first === segment : first.toLowerCase() === segment.toLowerCase();
}
