import type { CategoryFacetItem } from '@shop/contract';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { useDismiss } from '../../../lib/use-dismiss';
import { useCategoryTree } from '../api/get-category-tree';

function categoryUrl(item: CategoryFacetItem): string {
  return item.Url || `/search-results?category=${encodeURIComponent(item.Guid)}`;
}

/** The 'Shop Categories' button and its panel: the whole category tree as links. */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const tree = useCategoryTree(open);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Closes on a click or focus outside, and on Escape (focus back on the button).
  useDismiss({
    open,
    root: rootRef,
    onDismiss: () => setOpen(false),
    returnFocus: buttonRef,
    escapeScope: 'root',
    onFocusOut: true,
  });

  return (
    <div className="category-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="category-menu__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        <Icon name="menu" size={18} />
        <span className="category-menu__label">Shop Categories</span>
      </button>
      <nav className="category-menu__panel" id={`${id}-panel`} aria-label="Shop categories" hidden={!open}>
        {tree.status === 'loading' || tree.status === 'idle' ? (
          <p className="category-menu__status" role="status">
            Loading categories...
          </p>
        ) : null}
        {tree.status === 'error' ? (
          <p className="category-menu__status category-menu__status--error" role="alert">
            {tree.message}
          </p>
        ) : null}
        {tree.status === 'done' ? (
          <ul className="category-menu__roots">
            {tree.tree.map((root) => (
              <li key={root.Guid} className="category-menu__root">
                <Link className="category-menu__root-link" to={categoryUrl(root)} onClick={() => setOpen(false)}>
                  {root.Name}
                </Link>
                {root.FacetItems.length > 0 ? (
                  <ul className="category-menu__children">
                    {root.FacetItems.map((child) => (
                      <li key={child.Guid}>
                        <Link to={categoryUrl(child)} onClick={() => setOpen(false)}>
                          {child.Name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </nav>
    </div>
  );
}
