/** The store's stock (issue 14 deliverable 2): being built. */
export function StockRoutes() {
  return <h1>Stock</h1>;
}
