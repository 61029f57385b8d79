/** Placeholder until the edit wizard lands. */
export function EditListingPage() {
  return <h1>Edit listing</h1>;
}
