/**
 * The §8 messages a first load shows (the search page's failure; the top bar's form when the code it
 * needs does not arrive), in a module of their own: a first load should not carry every message of
 * messages.ts (which includes these).
 */
export const searchFailed = 'Search failed. Please try again.';

export const topbarNetworkError =
  'Oh no, something went wrong. Please check your network connection and try again.';
