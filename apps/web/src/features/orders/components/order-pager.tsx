import { pagerWindow } from '@shop/contract';

/**
 * The history's pager (account.md 2.2, 9): 'Displaying orders:' with the range shown, Prev, up to
 * five numbered pages centred on the current one, Next. The numbered buttons appear only when
 * there is more than one page.
 */
export function OrderPager({
  currentPage,
  pageSize,
  shown,
  total,
  onPage,
}: {
  currentPage: number;
  pageSize: number;
  /** How many orders this page holds. */
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const first = shown === 0 ? 0 : (currentPage - 1) * pageSize + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return (
    <div className="order-pager">
      <p className="order-pager__range">
        Displaying orders: {first} - {last} of {total}
      </p>
      {totalPages > 1 ? (
        <nav className="order-pager__pages" aria-label="Order history pages">
          <button
            type="button"
            className="order-pager__step"
            disabled={currentPage <= 1}
            onClick={() => onPage(currentPage - 1)}
          >
            Prev
          </button>
          <ol>
            {pagerWindow(currentPage, totalPages).map((page) => (
              <li key={page}>
                <button
                  type="button"
                  className="order-pager__page"
                  aria-current={page === currentPage ? 'page' : undefined}
                  aria-label={`Page ${page}`}
                  onClick={() => onPage(page)}
                >
                  {page}
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="order-pager__step"
            disabled={currentPage >= totalPages}
            onClick={() => onPage(currentPage + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}
