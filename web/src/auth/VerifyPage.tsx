import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useSupportEmail } from '../layout/site-queries';
import { Alert } from '../ui/Alert';
import { buttonClass } from '../ui/Button';
import { FieldHint } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { AuthLayout } from './AuthLayout';
import { verifyEmailQuery } from './verify-email-query';

/** The success state sends the user on to log in after 3 seconds. */
export const VERIFY_REDIRECT_MS = 3000;

type Outcome =
  | { state: 'verifying' }
  | { state: 'success'; email: string | undefined }
  | { state: 'expired' }
  | { state: 'error'; message: string };

function failure(error: unknown): Outcome {
  if (error instanceof ApiError) {
    if (error.detail?.includes('expired')) return { state: 'expired' };
    return { state: 'error', message: error.detail ?? 'Email verification failed' };
  }
  if (error instanceof TypeError) {
    return { state: 'error', message: 'Network error. Please check your connection and try again.' };
  }
  return { state: 'error', message: 'Verification failed. Please try again.' };
}

/**
 * /auth/verify?token=…: verifying, success (then login with the address prefilled), error or
 * expired. The token is sent once per page (a query keyed by it: StrictMode's second mount
 * and re-renders reuse the answer instead of spending the single-use token twice).
 */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const support = useSupportEmail();
  const query = useQuery(verifyEmailQuery(token));

  const outcome: Outcome = !token
    ? { state: 'error', message: 'Invalid verification link. No token provided.' }
    : query.isSuccess
      ? { state: 'success', email: query.data.email }
      : query.isError
        ? failure(query.error)
        : { state: 'verifying' };

  const loginPath =
    outcome.state === 'success' && outcome.email
      ? `/auth/login?email=${encodeURIComponent(outcome.email)}`
      : '/auth/login';

  useEffect(() => {
    if (outcome.state !== 'success') return;
    const timer = setTimeout(() => navigate(loginPath, { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome.state, loginPath, navigate]);

  const title = {
    verifying: 'Verifying your email',
    success: 'Email Verified!',
    expired: 'Link Expired',
    error: 'Verification Failed',
  }[outcome.state];

  return (
    <AuthLayout title={title}>
      <div className="auth-done" aria-live="polite">
        {outcome.state === 'verifying' ? (
          <Spinner block size="lg" label="Verifying your email address..." />
        ) : null}
        {outcome.state === 'success' ? (
          <>
            <Alert tone="success">Your email has been verified. You can now log in.</Alert>
            <p className="text-muted">Redirecting you to the login page in a few seconds…</p>
            <Link to={loginPath} className={buttonClass('primary', 'md', { block: true })}>
              Go to Log In
            </Link>
          </>
        ) : null}
        {outcome.state === 'expired' ? (
          <>
            <Alert tone="warning">
              Your verification link has expired. Please sign up again to receive a new verification email.
            </Alert>
            <Link to="/auth/signup" className={buttonClass('primary', 'md', { block: true })}>
              Sign Up Again
            </Link>
          </>
        ) : null}
        {outcome.state === 'error' ? (
          <>
            <Alert tone="error">{outcome.message}</Alert>
            <div className="auth-done__actions">
              <Link to="/auth/signup" className={buttonClass('secondary')}>
                Sign Up
              </Link>
              <Link to="/auth/login" className={buttonClass('primary')}>
                Log In
              </Link>
            </div>
          </>
        ) : null}
        <FieldHint>
          Need help? Contact us at{' '}
          {support.email ? <a href={`mailto:${support.email}`}>{support.email}</a> : 'our support address'}.
        </FieldHint>
      </div>
    </AuthLayout>
  );
}
