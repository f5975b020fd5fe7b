import { accountMessages, emailError, newPasswordError } from '@nocturne/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { EmailField, Form, PasswordField } from '../ui/Field';
import { AuthDone } from './AuthDone';
import { AuthLayout } from './AuthLayout';
import { requestPasswordReset, resetPassword } from './auth-api';

function failure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail ?? fallback;
  return 'Network error. Please check your connection and try again.';
}

/** Without a token: ask for the reset link. */
function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    if (problem) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    mutation.mutate(email.trim());
  }

  if (mutation.isSuccess) {
    return (
      <AuthDone title="Check Your Email" loginLabel="Back to Log In">
        <Alert tone="success">
          {mutation.data.message ??
            'If an account exists for this email address, we have sent a link to reset the password.'}
        </Alert>
        <p className="text-muted">The link is valid for 1 hour.</p>
      </AuthDone>
    );
  }

  return (
    <AuthLayout title="Reset your password">
      <p className="auth-panel__lead">
        Enter your email address and we will send you a link to choose a new password.
      </p>
      <Form onSubmit={submit} noValidate>
        {mutation.isError ? (
          <Alert tone="error">{failure(mutation.error, 'Password reset failed')}</Alert>
        ) : null}
        <EmailField name="email" value={email} onValue={setEmail} error={error} />
        <Button type="submit" variant="primary" block loading={mutation.isPending} loadingLabel="Sending...">
          Send Reset Link
        </Button>
      </Form>
      <p className="auth-panel__switch">
        Remembered it? <Link to="/auth/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}

/** With a token: choose the new password. */
function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const mutation = useMutation({ mutationFn: (value: string) => resetPassword(token, value) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordError(password);
    const found = {
      ...(problem ? { password: problem } : {}),
      ...(password !== confirm ? { confirm: accountMessages.passwordsDiffer } : {}),
    };
    setErrors(found);
    if (found.password || found.confirm) {
      (event.currentTarget as HTMLFormElement)
        .querySelector<HTMLInputElement>('[aria-invalid="true"]')
        ?.focus();
      return;
    }
    mutation.mutate(password);
  }

  if (mutation.isSuccess) {
    return (
      <AuthDone title="Password Reset">
        <Alert tone="success">
          {mutation.data.message ??
            'Your password has been reset. You can now log in with your new password.'}
        </Alert>
      </AuthDone>
    );
  }

  return (
    <AuthLayout title="Choose a new password">
      <Form onSubmit={submit} noValidate>
        {mutation.isError ? (
          <Alert
            tone="error"
            action={
              <Link to="/auth/reset-password" className={buttonClass('ghost', 'sm')}>
                Request a new link
              </Link>
            }
          >
            {failure(mutation.error, 'Password reset failed')}
          </Alert>
        ) : null}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
          hint="At least 6 characters. Resetting logs you out on every device."
        />
        <PasswordField
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onValue={setConfirm}
          error={errors.confirm}
        />
        <Button type="submit" variant="primary" block loading={mutation.isPending} loadingLabel="Saving...">
          Reset Password
        </Button>
      </Form>
    </AuthLayout>
  );
}

/** /auth/reset-password: the request form, or with ?token= the new-password form. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm key={token} token={token} /> : <RequestResetForm />;
}
