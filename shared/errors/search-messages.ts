/**
 * The one §8 message the search page shows, in a module of its own: the page is a first load and
 * should not carry every message of messages.ts (which includes this one).
 */
export const searchFailed = 'Search failed. Please try again.';
