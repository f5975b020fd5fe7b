import type { ButtonHTMLAttributes } from 'react';
import './LinkButton.css';

/** A button that reads as a text link (a way out of a form), with a 44 px hit area. */
export function LinkButton({
  type = 'button',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={className ? `link-button ${className}` : 'link-button'} {...props} />;
}
