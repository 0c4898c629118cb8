/** The bakery's wheat-sheaf mark; decorative, the brand name beside it is the accessible text. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={className}>
      <circle cx="24" cy="24" r="23" fill="#8a4f1f" />
      <circle cx="24" cy="24" r="19.5" fill="none" stroke="#f7ebd9" strokeWidth="1.2" />
      <g fill="#f7ebd9">
        <path d="M23.2 36V15h1.6v21z" />
        <ellipse cx="24" cy="13" rx="2.2" ry="3.6" />
        <ellipse cx="20.6" cy="18.5" rx="1.9" ry="3.4" transform="rotate(-35 20.6 18.5)" />
        <ellipse cx="27.4" cy="18.5" rx="1.9" ry="3.4" transform="rotate(35 27.4 18.5)" />
        <ellipse cx="20.6" cy="24.5" rx="1.9" ry="3.4" transform="rotate(-35 20.6 24.5)" />
        <ellipse cx="27.4" cy="24.5" rx="1.9" ry="3.4" transform="rotate(35 27.4 24.5)" />
        <ellipse cx="20.8" cy="30.3" rx="1.8" ry="3.1" transform="rotate(-35 20.8 30.3)" />
        <ellipse cx="27.2" cy="30.3" rx="1.8" ry="3.1" transform="rotate(35 27.2 30.3)" />
      </g>
    </svg>
  );
}
