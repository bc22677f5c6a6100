import { Component, type ReactNode } from 'react';

export const PAGE_ERROR_HEADING = 'Sorry, this page could not be loaded.';
export const PAGE_ERROR_TEXT = 'Check your connection and try again.';

interface Props {
  /** The address the page is for: a new address tries again (the shopper followed a link). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  key: string;
}

/**
 * What a page shows instead of itself when it cannot be drawn: its code could not be fetched (a
 * dropped connection, or a new release replaced the chunk the open tab asks for) or it threw.
 * Without it, one page's failure left the shopper a blank window with no header to go elsewhere.
 * Trying again reloads the address: a module that failed to load stays failed until the page is
 * loaded afresh.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The page could not be drawn', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="not-found" role="alert">
        <h1>{PAGE_ERROR_HEADING}</h1>
        <p>{PAGE_ERROR_TEXT}</p>
        <p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Try again
          </button>
        </p>
      </section>
    );
  }
}
