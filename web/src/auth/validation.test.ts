import { emailError, accountMessages as messages } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { signupErrors } from './validation';

const ok = { email: 'ann@example.com', password: 'secret1', confirm: 'secret1', ageConfirmed: true };

describe('signup validation', () => {
  it('accepts a complete form', () => {
    expect(signupErrors(ok)).toEqual({});
  });

  it('gives each message for its case', () => {
    expect(signupErrors({ ...ok, ageConfirmed: false })).toEqual({ age: messages.ageNotConfirmed });
    expect(signupErrors({ ...ok, confirm: 'secret2' })).toEqual({ confirm: messages.passwordsDiffer });
    expect(signupErrors({ ...ok, password: '12345', confirm: '12345' })).toEqual({
      password: messages.passwordTooShort,
    });
    expect(signupErrors({ ...ok, email: '' })).toEqual({ email: messages.emailRequired });
    expect(signupErrors({ ...ok, email: 'ann@' })).toEqual({ email: messages.emailInvalid });
  });

  it('uses the product texts', () => {
    expect(messages.ageNotConfirmed).toBe('You must confirm that you are 18+ years old to continue');
    expect(messages.passwordsDiffer).toBe('Passwords do not match');
    expect(messages.passwordTooShort).toBe('Password must be at least 6 characters');
  });

  it('checks addresses like the browser does', () => {
    expect(emailError(' ann.b+x@mail.example.co ')).toBeUndefined();
    expect(emailError('ann example.com')).toBe(messages.emailInvalid);
  });
});
