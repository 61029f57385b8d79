// The router imports the listing pages from here; they live in ./listing/.
export { ListingBySlugPage, ListingCanonicalPage } from './listing/ListingPage';
