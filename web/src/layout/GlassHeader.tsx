import type { ReactNode } from 'react';
import { Brand } from './Brand';
import './GlassHeader.css';

interface GlassHeaderProps {
  /** The page's own class for the header (its position, what it hides on phones). */
  className: string;
  /** The row after the brand; its buttons go in an element of class `glass-header__actions`. */
  children: ReactNode;
  /** What unfolds under the row, such as a menu. */
  below?: ReactNode;
}

/** The frosted bar atop the landing and the profile: the brand, then the page's row. */
export function GlassHeader({ className, children, below }: GlassHeaderProps) {
  return (
    <header className={`glass-header ${className}`}>
      <div className="glass-header__inner container">
        <Brand />
        {children}
      </div>
      {below}
    </header>
  );
}
