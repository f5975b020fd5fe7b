import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { LockIcon } from '../ui/icons';
import { validateAdminPassword } from './admin-api';

export const invalidPasswordMessage = 'Invalid password. Access denied.';
export const validationErrorMessage = 'Error validating password. Please try again.';

/**
 * The admin password form: required; a wrong password shows
 * "Invalid password. Access denied." and clears the field; a network error its own message.
 */
export function AdminLogin({ onLoggedIn }: { onLoggedIn(token: string): void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    setChecking(true);
    setError(null);
    try {
      const token = await validateAdminPassword(password);
      if (token) {
        onLoggedIn(token);
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
    <div className="page">
      <main id="main" className="centered-panel admin-login">
        <LockIcon className="admin-login__icon" aria-hidden="true" />
        <h1 className="admin-login__title">Admin Access Required</h1>
        <form className="form" onSubmit={submit}>
          <div className="field">
            <label className="field__label" htmlFor={id}>
              Admin password
            </label>
            <input
              id={id}
              className="input"
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" variant="primary" block loading={checking} disabled={!password}>
            Access Admin Panel
          </Button>
        </form>
      </main>
    </div>
  );
}
