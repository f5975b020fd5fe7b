import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox, EmailField, FieldError, FieldHint, Form, PasswordField } from '../ui/Field';
import { MailIcon } from '../ui/page-icons';
import { AuthDone } from './AuthDone';
import { AuthLayout } from './AuthLayout';
import { signup } from './auth-api';
import { type SignupErrors, signupErrors } from './validation';

/** The server's detail, else "Signup failed"; "Failed to create account" without any message. */
function signupFailure(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? 'Signup failed';
  return 'Failed to create account';
}

/** /auth/signup: e-mail, password, confirmation, 18+; then "Check Your Email". */
export default function SignupPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [errors, setErrors] = useState<SignupErrors>({});
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
    age: useRef<HTMLInputElement>(null),
  };
  const mutation = useMutation({ mutationFn: signup });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = signupErrors({ email, password, confirm, ageConfirmed });
    setErrors(found);
    const first = (['email', 'password', 'confirm', 'age'] as const).find((name) => found[name]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    mutation.mutate({ email: email.trim(), password });
  }

  if (mutation.isSuccess) {
    const token = mutation.data.verification_token;
    return (
      <AuthDone title="Check Your Email" login={`/auth/login?email=${encodeURIComponent(email.trim())}`}>
        <MailIcon className="auth-done__icon" />
        <p>
          We&apos;ve sent a verification link to <strong>{email.trim()}</strong>. Open it to verify your email
          address, then log in.
        </p>
        <p className="text-muted">
          The link is valid for 24 hours. Can&apos;t find it? Check your spam folder.
        </p>
        {token ? (
          <FieldHint>
            Testing aid: <Link to={`/auth/verify?token=${encodeURIComponent(token)}`}>verify now</Link>
          </FieldHint>
        ) : null}
      </AuthDone>
    );
  }

  return (
    <AuthLayout title="Create your account">
      <p className="auth-panel__lead">Join Nocturne to read every story and create your own.</p>
      <Form onSubmit={submit} noValidate aria-describedby={mutation.isError ? 'signup-error' : undefined}>
        {mutation.isError ? (
          <div id="signup-error">
            <Alert tone="error">{signupFailure(mutation.error)}</Alert>
          </div>
        ) : null}
        <EmailField
          name="email"
          value={email}
          onValue={setEmail}
          error={errors.email}
          inputRef={refs.email}
        />
        <PasswordField
          name="password"
          autoComplete="new-password"
          minLength={6}
          value={password}
          onValue={setPassword}
          error={errors.password}
          hint="At least 6 characters."
          inputRef={refs.password}
        />
        <PasswordField
          label="Confirm password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onValue={setConfirm}
          error={errors.confirm}
          inputRef={refs.confirm}
        />
        <div className="field">
          <Checkbox
            inputRef={refs.age}
            name="age-confirmed"
            checked={ageConfirmed}
            onChange={(e) => setAgeConfirmed(e.target.checked)}
            aria-invalid={errors.age ? true : undefined}
            aria-describedby={errors.age ? 'signup-age-error' : undefined}
          >
            <span>I confirm that I am 18 years of age or older.</span>
          </Checkbox>
          {errors.age ? <FieldError id="signup-age-error">{errors.age}</FieldError> : null}
        </div>
        <Button
          type="submit"
          variant="primary"
          block
          loading={mutation.isPending}
          loadingLabel="Creating account..."
        >
          Sign Up
        </Button>
      </Form>
      <p className="auth-panel__switch">
        Already have an account? <Link to="/auth/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}
