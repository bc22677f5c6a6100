import { Layout } from '../layout';

export function HomePage() {
  return (
    <Layout>
      <section className="hero">
        <h1>Pre-loved goods from stores near you</h1>
        <p>Search thousands of one-of-a-kind items from hundreds of stores, then collect in store or have it posted.</p>
        <p>
          <a className="button" href="/search-results">
            Browse everything
          </a>
        </p>
      </section>
    </Layout>
  );
}
