import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from './Button';
import { ArrowLeftIcon } from './page-icons';

/** The quiet way back at the top of a page: an arrow and where it goes ("Back to Profile"). */
export function BackLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link className={buttonClass('ghost', 'sm', { className })} to={to}>
      <ArrowLeftIcon />
      {children}
    </Link>
  );
}
