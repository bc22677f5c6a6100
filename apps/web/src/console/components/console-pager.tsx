import { Link } from 'react-router';

/**
 * 'Page 2 of 5' with Previous and Next links that keep the rest of the query (the filter). Shown
 * only when there is more than one page.
 */
export function ConsolePager({
  page,
  pageSize,
  totalCount,
  search,
  label,
}: {
  page: number;
  pageSize: number;
  totalCount: number;
  /** The page's current query string, without '?'. */
  search: string;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  if (pages <= 1) return null;
  const hrefOf = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete('page');
    else params.set('page', String(n));
    const query = params.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <nav className="console-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev">
          Previous
        </Link>
      ) : null}
      <span>
        Page {Math.min(page, pages)} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** A `page` query value: a whole number from 1, else 1. */
export function pageParam(value: string | null): number {
  const n = value && /^\d{1,5}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
}
