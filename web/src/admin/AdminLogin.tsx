import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client';
import { AuthLayout } from '../auth/AuthLayout';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { EmailField, Field, Form, PasswordField } from '../ui/Field';
import { staffLogin, validateAdminPassword } from './admin-api';
import type { AdminSession } from './admin-session';

export const invalidPasswordMessage = 'Invalid password. Access denied.';
export const validationErrorMessage = 'Error validating password. Please try again.';
export const tooManyAttemptsMessage = 'Too many failed attempts. Please wait a minute and try again.';

/**
 * The panel's gate, a card like the product's other forms: the owner's password (a wrong one
 * shows "Invalid password. Access denied." and clears the field), or a staff member's e-mail,
 * password and code from their authenticator app (or a recovery code).
 */
export function AdminLogin({ onLoggedIn }: { onLoggedIn(session: AdminSession): void }) {
  const [mode, setMode] = useState<'owner' | 'staff'>('owner');
  return (
    <AuthLayout title="Admin Access Required">
      {mode === 'owner' ? <OwnerForm onLoggedIn={onLoggedIn} /> : <StaffForm onLoggedIn={onLoggedIn} />}
      <p className="auth-panel__switch">
        <Button variant="ghost" size="sm" onClick={() => setMode(mode === 'owner' ? 'staff' : 'owner')}>
          {mode === 'owner' ? 'Staff member? Sign in with your e-mail' : 'Sign in with the admin password'}
        </Button>
      </p>
    </AuthLayout>
  );
}

function OwnerForm({ onLoggedIn }: { onLoggedIn(session: AdminSession): void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    setChecking(true);
    setError(null);
    try {
      const session = await validateAdminPassword(password);
      if (session) {
        onLoggedIn(session);
        return;
      }
      setError(invalidPasswordMessage);
      setPassword('');
    } catch (failure) {
      console.error('Admin password validation failed', failure);
      setError(validationErrorMessage);
    } finally {
      setChecking(false);
    }
  }

  return (
    <Form onSubmit={submit}>
      <PasswordField label="Admin password" value={password} onValue={setPassword} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" variant="primary" block loading={checking} disabled={!password}>
        Access Admin Panel
      </Button>
    </Form>
  );
}

function StaffForm({ onLoggedIn }: { onLoggedIn(session: AdminSession): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    setError(null);
    try {
      const { token, role } = await staffLogin(email, password, code);
      onLoggedIn({ token, role });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) setError(tooManyAttemptsMessage);
      else if (failure instanceof ApiError && failure.detail) setError(failure.detail);
      else {
        console.error('Staff login failed', failure);
        setError(validationErrorMessage);
      }
      setCode('');
    } finally {
      setChecking(false);
    }
  }

  return (
    <Form onSubmit={submit}>
      <EmailField autoComplete="username" value={email} onValue={setEmail} />
      <PasswordField value={password} onValue={setPassword} />
      <Field
        label="Authentication code"
        hint="The 6 digits your authenticator app shows, or one of your recovery codes."
        required
        autoComplete="one-time-code"
        inputMode="text"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        type="submit"
        variant="primary"
        block
        loading={checking}
        disabled={!email || !password || !code}
      >
        Sign in
      </Button>
    </Form>
  );
}
