import { MIN_STAFF_PASSWORD_LENGTH, roleLabels } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client';
import { AuthLayout } from '../auth/AuthLayout';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Field, Form, PasswordField } from '../ui/Field';
import { SectionTitle } from '../ui/SectionTitle';
import { enrolSecondFactor, setInvitationPassword } from './admin-api';
import { staffInvitationQuery } from './admin-queries';
import './StaffInvitation.css';

const detailOf = (error: unknown) =>
  error instanceof ApiError && error.detail ? error.detail : 'Something went wrong. Please try again.';

/**
 * The invitation link's page (`/admin_…?invitation=<token>`): choose a password, then add the
 * account to an authenticator app and confirm with a code, then keep the ten recovery codes.
 * No session exists before all of it is done; the person then signs in at the gate.
 */
export function StaffInvitation({ token, onDone }: { token: string; onDone(): void }) {
  const invitation = useQuery(staffInvitationQuery(token));
  const [passwordDone, setPasswordDone] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (invitation.isError) {
    return (
      <AuthLayout title="Staff invitation">
        <Alert tone="error">{detailOf(invitation.error)}</Alert>
        <p className="auth-panel__switch">
          <Button variant="ghost" size="sm" onClick={onDone}>
            Go to the sign-in
          </Button>
        </p>
      </AuthLayout>
    );
  }
  if (!invitation.data) return <AuthLayout title="Staff invitation">{null}</AuthLayout>;
  const { email, role } = invitation.data;

  if (codes) {
    return (
      <AuthLayout title="Save your recovery codes">
        <p className="auth-panel__lead">
          Each code signs you in once if you lose your authenticator app. They are shown only now: keep them
          somewhere safe.
        </p>
        <ul className="staff-codes" aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <Button variant="primary" block onClick={onDone}>
          I have saved them, sign in
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Join the Nocturne team">
      <p className="auth-panel__lead">
        {email} is invited as {roleLabels[role]}.
      </p>
      {passwordDone || invitation.data.password_set ? (
        <SecondFactorStep
          token={token}
          secret={invitation.data.totp_secret}
          uri={invitation.data.totp_uri}
          onEnrolled={setCodes}
        />
      ) : (
        <PasswordStep token={token} email={email} onSet={() => setPasswordDone(true)} />
      )}
    </AuthLayout>
  );
}

function PasswordStep({ token, email, onSet }: { token: string; email: string; onSet(): void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const tooShort = password.length > 0 && password.length < MIN_STAFF_PASSWORD_LENGTH;
  const differs = confirm.length > 0 && confirm !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooShort || differs) return;
    setSaving(true);
    setError(null);
    try {
      await setInvitationPassword(token, password);
      onSet();
    } catch (failure) {
      setError(detailOf(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form onSubmit={submit} aria-label="Choose a password">
      <SectionTitle>Step 1 of 2: choose a password</SectionTitle>
      <input type="email" value={email} autoComplete="username" readOnly hidden />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters.`}
        error={tooShort ? `Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters` : undefined}
        value={password}
        onValue={setPassword}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={differs ? 'Passwords do not match' : undefined}
        value={confirm}
        onValue={setConfirm}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        type="submit"
        variant="primary"
        block
        loading={saving}
        disabled={!password || password !== confirm}
      >
        Set password
      </Button>
    </Form>
  );
}

function SecondFactorStep({
  token,
  secret,
  uri,
  onEnrolled,
}: {
  token: string;
  secret: string;
  uri: string;
  onEnrolled(codes: string[]): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      onEnrolled((await enrolSecondFactor(token, code.trim())).recovery_codes);
    } catch (failure) {
      setError(detailOf(failure));
      setCode('');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form onSubmit={submit} aria-label="Set up the authenticator app">
      <SectionTitle>Step 2 of 2: set up your authenticator app</SectionTitle>
      <p>
        Add an account to your authenticator app with this key (or <a href={uri}>open it in the app</a>), then
        type the code it shows.
      </p>
      <p className="staff-secret">
        <span className="field__label">Setup key</span>
        <code data-testid="totp-secret">{secret}</code>
      </p>
      <Field
        label="Code from the app"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" variant="primary" block loading={saving} disabled={!code}>
        Confirm and finish
      </Button>
    </Form>
  );
}
