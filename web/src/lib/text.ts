/** The spec's bio length on profile pages (§9): longer bios are cut with a "show more" control. */
export const bioPreviewLength = 170;

/**
 * The first `limit` characters (code points, so emoji are not split) of `text`, with an ellipsis
 * when it was cut. `truncated` says whether there is more to show.
 */
export function truncateText(text: string, limit = bioPreviewLength): { text: string; truncated: boolean } {
  const characters = Array.from(text);
  if (characters.length <= limit) return { text, truncated: false };
  return { text: `${characters.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}
