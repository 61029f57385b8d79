/**
 * Folding free-text names (brands, groupsets: issue 21) so that spellings people type for the same
 * thing compare equal: case, accents, hyphens, punctuation and spaces do not count.
 */

/** The words of a text, lowercased and without accents; every other character separates words. */
export function foldWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** A stable key of a name: its folded words run together ("Dura-Ace", "dura ace", "DuraAce" → "duraace"). */
export function foldKey(text: string): string {
  return foldWords(text).join('');
}

/** A name as typed, tidied: trimmed, runs of white space as one space. */
export function tidyName(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
