// The router imports the listing pages from here; they live in ./listing/ (issue 7).
export { ListingBySlugPage, ListingCanonicalPage } from './listing/ListingPage';
