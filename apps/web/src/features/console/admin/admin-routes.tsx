/** Marketplace admin (issue 14 deliverable 5): being built. */
export function AdminRoutes() {
  return <h1>Marketplace admin</h1>;
}
