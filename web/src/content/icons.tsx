import type { ContentIcon } from '../../../shared/content/page-asset';

/** One stroked path per content icon, drawn on a 24×24 grid (circles as two arcs). */
const paths: Record<ContentIcon, string> = {
  tag: 'M3 3h8l10 10-8 8L3 11zM7.5 7.5h.01',
  truck:
    'M1 5h13v11H1zM14 9h4l4 4v3h-8M8 18.5a2 2 0 1 1-4 0 2 2 0 0 1 4 0M20 18.5a2 2 0 1 1-4 0 2 2 0 0 1 4 0',
  wallet: 'M3 7h18v13H3zM3 7l13-4v4M16 13.5h2',
  leaf: 'M4 20c0-9 6-15 16-16 0 10-6 16-15 16M4 20l9-9',
  bike: 'M9 17a3.5 3.5 0 1 1-7 0 3.5 3.5 0 0 1 7 0M22 17a3.5 3.5 0 1 1-7 0 3.5 3.5 0 0 1 7 0M5.5 17l4-8h7l2 8M12 17 9.5 9M12 17l4.5-8M8 6h3',
  gear: 'M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0M19 12a7 7 0 1 1-14 0 7 7 0 0 1 14 0M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  shirt: 'M8 3 3 6l2 5 3-1v11h8V10l3 1 2-5-5-3c-.5 2-2 3-4 3S8.5 5 8 3z',
  wheel: 'M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6 5.6 18.4',
  shield: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6zM9 12l2 2 4-4',
  chat: 'M4 4h16v12H9l-5 4z',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z',
  mail: 'M3 5h18v14H3zM3 5l9 8 9-8',
  search: 'M18 11a7 7 0 1 1-14 0 7 7 0 0 1 14 0M21 21l-5-5',
  camera: 'M3 7h4l2-3h6l2 3h4v13H3zM16 13.5a4 4 0 1 1-8 0 4 4 0 0 1 8 0',
};

/** A content block's icon: decorative (the block's title says what it means), in the text colour. */
export function Icon({ name, className }: { name: ContentIcon; className?: string }) {
  return (
    <svg
      className={className}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
