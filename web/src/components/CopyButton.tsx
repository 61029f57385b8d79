import { useEffect, useState } from 'react';

/** Copies with the Clipboard API, or by selecting a hidden text area where it is missing (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure page): try the old way below.
  }
  // Selecting the text area takes the focus: give it back to the button afterwards.
  const focused = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

/**
 * A button that copies `text` (an address) and says so for a moment; where copying is not
 * possible it asks the user to select the text instead. The result is announced to screen readers.
 */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), 2500);
    return () => clearTimeout(timer);
  }, [result]);
  return (
    <span className={className ? `copy-button ${className}` : 'copy-button'}>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => void copyText(text).then((ok) => setResult(ok ? 'copied' : 'failed'))}
      >
        {label}
      </button>
      <span role="status" className="copy-button-status">
        {result === 'copied'
          ? 'Copied'
          : result === 'failed'
            ? 'Could not copy: select the text and copy it.'
            : ''}
      </span>
    </span>
  );
}
