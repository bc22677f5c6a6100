import { Link } from 'react-router';
import { consolePaths } from '../../lib/use-console-store';

export function ConsoleNotFound() {
  return (
    <section className="console-section">
      <h1>Not found</h1>
      <p>There is nothing here, or it is not yours to see.</p>
      <p>
        <Link to={consolePaths.home}>Back to the console</Link>
      </p>
    </section>
  );
}
