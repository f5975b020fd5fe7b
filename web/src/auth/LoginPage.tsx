import { accountMessages, emailError } from '@nocturne/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { EmailField, FieldHint, Form, PasswordField } from '../ui/Field';
import { AuthLayout } from './AuthLayout';
import { login } from './auth-api';
import { useAuth } from './auth-context';

/** The server's message, or "Invalid email or password"; "Login failed" otherwise. */
function loginFailure(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? accountMessages.invalidCredentials;
  return 'Login failed';
}

/** Where RequireAuth sent the visitor from, to return there after logging in. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  return typeof from?.pathname === 'string' && from.pathname.startsWith('/')
    ? `${from.pathname}${typeof from.search === 'string' ? from.search : ''}`
    : '/profile';
}

/** /auth/login: e-mail (prefilled from ?email=), password, "Forgot password?", sign-up link. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      auth.login(answer.token, answer.user);
      navigate(returnPath(location.state), { replace: true });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(emailError(email) ? { email: emailError(email) } : {}),
      ...(password ? {} : { password: 'Password is required' }),
    };
    setErrors(found);
    if (found.email || found.password) {
      (event.currentTarget as HTMLFormElement)
        .querySelector<HTMLInputElement>('[aria-invalid="true"]')
        ?.focus();
      return;
    }
    mutation.mutate({ email: email.trim(), password });
  }

  return (
    <AuthLayout title="Welcome back">
      <p className="auth-panel__lead">Log in to continue reading.</p>
      <Form onSubmit={submit} noValidate>
        {mutation.isError ? <Alert tone="error">{loginFailure(mutation.error)}</Alert> : null}
        <EmailField name="email" value={email} onValue={setEmail} error={errors.email} />
        <PasswordField name="password" value={password} onValue={setPassword} error={errors.password} />
        <p className="auth-panel__aside">
          <Link to="/auth/reset-password">Forgot password?</Link>
        </p>
        <Button
          type="submit"
          variant="primary"
          block
          loading={mutation.isPending}
          loadingLabel="Logging in..."
        >
          Log In
        </Button>
      </Form>
      <FieldHint className="auth-panel__hint">
        New here? Verify your email address with the link we sent you before logging in.
      </FieldHint>
      <p className="auth-panel__switch">
        Don&apos;t have an account? <Link to="/auth/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
