/** The Velo Exchange mark (a bike in a rounded square); decorative, the link around it is named. */
export function Logo() {
  return (
    <svg
      className="logo-mark"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 32 32"
      width="28"
      height="28"
    >
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <circle cx="10" cy="20" r="5" fill="none" stroke="#fff" strokeWidth="2" />
      <circle cx="22" cy="20" r="5" fill="none" stroke="#fff" strokeWidth="2" />
      <path
        d="M10 20l5-8h6l1 8M15 12l-2-3h-2"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
