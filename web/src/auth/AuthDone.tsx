import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../ui/Button';
import { AuthLayout } from './AuthLayout';

/** The end of an auth step: its title, what happened (the children), then the way on to log in. */
export function AuthDone({
  title,
  login = '/auth/login',
  loginLabel = 'Go to Log In',
  children,
}: {
  title: string;
  login?: string;
  loginLabel?: string;
  children: ReactNode;
}) {
  return (
    <AuthLayout title={title}>
      <div className="auth-done">
        {children}
        <Link to={login} className={buttonClass('primary', 'md', { block: true })}>
          {loginLabel}
        </Link>
      </div>
    </AuthLayout>
  );
}
