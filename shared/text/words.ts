/**
 * Text helpers for titles and bios (§2, §9): long words in titles are broken at 16 characters (10 in
 * another reading), the listing title has a maximum length (60, our choice: the Sharetribe
 * template's), and the profile bio is shown truncated at 170 characters with a "more" link.
 * Lengths count Unicode code points, so emoji and accented letters are never split.
 */
import { limits } from '../config/constants';

export const ZERO_WIDTH_SPACE = '\u200b';

function chars(text: string): string[] {
  return Array.from(text);
}

/** A word is long when it has more than `maxLength` characters. */
export function isLongWord(word: string, maxLength: number = limits.longWordLength): boolean {
  return chars(word).length > maxLength;
}

export interface TextSegment {
  text: string;
  /** A long word: render with `word-break: break-all` (or use `breakLongWords`). */
  longWord: boolean;
}

/** Splits text into runs of whitespace/short words and single long words (for rendering). */
export function splitLongWords(text: string, maxLength: number = limits.longWordLength): TextSegment[] {
  const segments: TextSegment[] = [];
  for (const part of text.split(/(\s+)/)) {
    if (part === '') continue;
    const longWord = !/^\s+$/.test(part) && isLongWord(part, maxLength);
    const last = segments[segments.length - 1];
    if (!longWord && last && !last.longWord) last.text += part;
    else segments.push({ text: part, longWord });
  }
  return segments;
}

/** Inserts a zero-width space every `maxLength` characters inside long words, so they can wrap. */
export function breakLongWords(text: string, maxLength: number = limits.longWordLength): string {
  return text
    .split(/(\s+)/)
    .map((part) => {
      if (!isLongWord(part, maxLength)) return part;
      const cs = chars(part);
      const pieces: string[] = [];
      for (let i = 0; i < cs.length; i += maxLength) pieces.push(cs.slice(i, i + maxLength).join(''));
      return pieces.join(ZERO_WIDTH_SPACE);
    })
    .join('');
}

/** Whether a title fits the maximum length (60). */
export function isTitleWithinLimit(title: string, maxLength: number = limits.titleMaxLength): boolean {
  return chars(title.trim()).length <= maxLength;
}

export interface Truncated {
  text: string;
  truncated: boolean;
}

/**
 * Truncates to at most `maxLength` characters including the omission, cutting at the last separator
 * (a space) when there is one, as lodash's truncate does: the bio shows 170 characters.
 */
export function truncateText(
  text: string,
  maxLength: number = limits.bioMaxLength,
  options: { omission?: string; separator?: string } = {},
): Truncated {
  const omission = options.omission ?? '…';
  const separator = options.separator ?? ' ';
  const cs = chars(text);
  if (cs.length <= maxLength) return { text, truncated: false };
  const room = Math.max(0, maxLength - chars(omission).length);
  let cut = cs.slice(0, room).join('');
  const lastSeparator = cut.lastIndexOf(separator);
  if (separator && lastSeparator > 0) cut = cut.slice(0, lastSeparator);
  return { text: `${cut.trimEnd()}${omission}`, truncated: true };
}

/** The collapsed bio and whether the "more" link should show. */
export function truncateBio(bio: string): Truncated {
  return truncateText(bio, limits.bioMaxLength);
}
