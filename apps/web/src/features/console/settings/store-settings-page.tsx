/** The store's settings (issue 14 deliverable 4): being built. */
export function StoreSettingsPage() {
  return <h1>Store settings</h1>;
}
