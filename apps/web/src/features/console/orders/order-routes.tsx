/** The store's online orders (issue 14 deliverable 3): being built. */
export function OrderRoutes() {
  return <h1>Orders</h1>;
}
