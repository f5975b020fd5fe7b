/** The client-side rules of spec.md section 5 (the server checks them again). */
export const messages = {
  ageRequired: 'You must confirm that you are 18+ years old to continue',
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
} as const;

// The shape the browser's own type="email" check accepts (WHATWG "valid e-mail address").
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return messages.emailRequired;
  if (!emailPattern.test(trimmed)) return messages.emailInvalid;
  return undefined;
}

export function newPasswordError(password: string): string | undefined {
  if (password.length < 6) return messages.passwordTooShort;
  if (password.length > 256) return messages.passwordTooLong;
  return undefined;
}

export interface SignupErrors {
  email?: string;
  password?: string;
  confirm?: string;
  age?: string;
}

export function signupErrors(form: {
  email: string;
  password: string;
  confirm: string;
  ageConfirmed: boolean;
}): SignupErrors {
  const errors: SignupErrors = {};
  const email = emailError(form.email);
  if (email) errors.email = email;
  const password = newPasswordError(form.password);
  if (password) errors.password = password;
  if (form.password !== form.confirm) errors.confirm = messages.passwordsDiffer;
  if (!form.ageConfirmed) errors.age = messages.ageRequired;
  return errors;
}
