/** Placeholder until the draft and pending-approval variant pages land. */
export function ListingVariantPage() {
  return <h1>Listing preview</h1>;
}
