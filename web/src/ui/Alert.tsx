import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon } from './icons';
import './Alert.css';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Optional action (e.g. a retry button) shown after the message. */
  action?: ReactNode;
}

/**
 * A message banner. Errors are announced at once (role="alert"); other tones politely
 * (role="status").
 */
export function Alert({ tone = 'info', title, children, className, action }: AlertProps) {
  return (
    <div
      className={['alert', `alert--${tone}`, className ?? ''].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {tone === 'success' ? <CheckIcon className="alert__icon" /> : <AlertIcon className="alert__icon" />}
      <div className="alert__body">
        {title ? <strong className="alert__title">{title}</strong> : null}
        {children}
      </div>
      {action}
    </div>
  );
}
