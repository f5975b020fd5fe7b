import { accountMessages, emailError, newPasswordError } from '@nocturne/domain';

/**
 * The signup form's checks: the domain's address and password rules, plus
 * what only a form has (the repeated password, the age box). The server checks them again.
 */
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
  if (form.password !== form.confirm) errors.confirm = accountMessages.passwordsDiffer;
  if (!form.ageConfirmed) errors.age = accountMessages.ageNotConfirmed;
  return errors;
}
