import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'default';
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * The class names of a button look, for <button>, <Link> and <a> alike:
 * `<Link className={buttonClass('primary', 'lg')}>`. Every size keeps a 44 px hit area.
 */
export function buttonClass(
  variant: ButtonVariant = 'default',
  size: ButtonSize = 'md',
  extra?: { block?: boolean; icon?: boolean; className?: string },
): string {
  return [
    'btn',
    variant !== 'default' ? `btn--${variant}` : '',
    size !== 'md' ? `btn--${size}` : '',
    extra?.block ? 'btn--block' : '',
    extra?.icon ? 'btn--icon' : '',
    extra?.className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** While true the button is disabled, busy, and shows a spinner before its label. */
  loading?: boolean;
  /** Label shown while loading (e.g. "Joining..."); defaults to the normal children. */
  loadingLabel?: ReactNode;
}

/** A button in the app's look; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'default',
  size = 'md',
  block,
  loading = false,
  loadingLabel,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, { block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner inline /> : null}
      {loading && loadingLabel !== undefined ? loadingLabel : children}
    </button>
  );
}
