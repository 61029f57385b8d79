import { useSyncExternalStore } from 'react';
import { en, type MessageKey } from './en';

/**
 * The site's copy: the bundled English, with the hosted translations asset merged over it once it
 * has loaded (start-up step 3). Components read it through `useTranslation()` and re-render when
 * the hosted copy arrives.
 */
type Messages = Record<string, string>;

let messages: Messages = en;
const listeners = new Set<() => void>();

/** Merges hosted copy over the bundled one; keys the app does not know are ignored. */
export function mergeTranslations(hosted: Messages): void {
  const merged: Messages = { ...en };
  for (const key of Object.keys(en)) {
    const text = hosted[key];
    if (typeof text === 'string' && text.trim()) merged[key] = text;
  }
  messages = merged;
  for (const listener of listeners) listener();
}

/** `{name}` placeholders are filled from `values`. */
export function translate(key: MessageKey, values?: Record<string, string>): string {
  const text = messages[key] ?? en[key];
  return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole) : text;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTranslation(): typeof translate {
  useSyncExternalStore(
    subscribe,
    () => messages,
    () => messages,
  );
  return translate;
}
