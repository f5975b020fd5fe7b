import type { ReactNode } from 'react';
import './Badge.css';

/** A small uppercase pill: `<Badge premium>Premium</Badge>`, `<Badge>Pending</Badge>`. */
export function Badge({
  premium,
  className,
  children,
}: {
  premium?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['badge', premium ? 'badge--premium' : '', className ?? ''].filter(Boolean).join(' ');
  return <span className={classes}>{children}</span>;
}
