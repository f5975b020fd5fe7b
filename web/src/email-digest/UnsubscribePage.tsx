import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { AuthLayout } from '../auth/AuthLayout';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { unsubscribeFromDigest } from './email-digest-api';

/**
 * /email-digest/unsubscribe?token=…, the digest mail's link: opening it changes nothing (mail
 * scanners open links); the button turns the digest off, with no login (the token names the
 * member). A mail client's one-click button posts to the API itself (List-Unsubscribe-Post).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const unsubscribe = useMutation({ mutationFn: unsubscribeFromDigest });

  const title = unsubscribe.isSuccess ? 'Unsubscribed' : 'Stop the daily digest?';
  return (
    <AuthLayout title={title}>
      <div className="auth-done" aria-live="polite">
        {unsubscribe.isSuccess ? (
          <>
            <Alert tone="success">You will no longer receive the daily digest.</Alert>
            <p className="text-muted">You can turn it on again in your profile.</p>
            <Link to="/" className={buttonClass('primary', 'md', { block: true })}>
              Back to the stories
            </Link>
          </>
        ) : !token ? (
          <Alert tone="error">This unsubscribe link is not valid.</Alert>
        ) : (
          <>
            <p>You will no longer get the daily e-mail of new stories from the creators you follow.</p>
            <Button
              variant="primary"
              block
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              Unsubscribe
            </Button>
            {unsubscribe.isError ? (
              <Alert tone="error">
                {unsubscribe.error instanceof ApiError && unsubscribe.error.detail
                  ? unsubscribe.error.detail
                  : 'It did not work. Please try again.'}
              </Alert>
            ) : null}
          </>
        )}
      </div>
    </AuthLayout>
  );
}
