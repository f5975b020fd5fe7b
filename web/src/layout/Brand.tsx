import { Link } from 'react-router-dom';
import './Brand.css';

/** The crescent mark, drawn inline so it is crisp at any size and needs no request. */
export function MoonMark({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="moon-mark-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f0d49c" />
          <stop offset="1" stopColor="#b98d47" />
        </linearGradient>
      </defs>
      <path d="M20.5 3.5A12.5 12.5 0 1 0 28.5 22 10 10 0 0 1 20.5 3.5z" fill="url(#moon-mark-gold)" />
      <circle cx="24.5" cy="8" r="1.2" fill="#f2ece4" />
      <circle cx="28" cy="13" r="0.8" fill="#f2ece4" opacity="0.7" />
    </svg>
  );
}

/** The product name with its mark, linking home. */
export function Brand() {
  return (
    <Link to="/" className="brand">
      <MoonMark />
      <span className="brand__name">Nocturne</span>
    </Link>
  );
}
