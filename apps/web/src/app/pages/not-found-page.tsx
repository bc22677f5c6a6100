import { Layout } from '../layout';

export function NotFoundPage() {
  return (
    <Layout>
      <h1>Page not found</h1>
      <p>
        That page does not exist. <a href="/">Go to the home page</a>.
      </p>
    </Layout>
  );
}
