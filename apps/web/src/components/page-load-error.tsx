import { Notice } from './notice';

/** A page whose data could not be loaded: what failed, the reason, and a way to try again. */
export function PageLoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className="page-error">
      <h1>{title}</h1>
      <Notice kind="error">{message}</Notice>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
