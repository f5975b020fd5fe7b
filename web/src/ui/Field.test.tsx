// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox, EmailField, Field, PasswordField, SelectField, TextAreaField } from './Field';

afterEach(cleanup);

describe('Field', () => {
  it('labels its input and links the hint and the error, invalid while erroneous', () => {
    render(<Field label="Pen name" hint="Shown on your stories." error="Too short" defaultValue="" />);
    const input = screen.getByLabelText('Pen name');
    expect(input).toHaveProperty('className', 'input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Too short',
      'Shown on your stories.',
    ]);
  });

  it('is neither invalid nor described when it has no hint and no error', () => {
    render(<Field label="Code" defaultValue="" />);
    const input = screen.getByLabelText('Code');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('EmailField and PasswordField', () => {
  it('are required, typed, labelled "Email" and "Password", and hand their owner the text', () => {
    const email = vi.fn();
    const password = vi.fn();
    render(
      <>
        <EmailField value="" onValue={email} />
        <PasswordField value="" onValue={password} autoComplete="new-password" />
      </>,
    );
    const emailInput = screen.getByLabelText('Email') as HTMLInputElement;
    const passwordInput = screen.getByLabelText('Password') as HTMLInputElement;
    expect([emailInput.type, emailInput.required, emailInput.autocomplete]).toEqual(['email', true, 'email']);
    expect([passwordInput.type, passwordInput.required, passwordInput.autocomplete]).toEqual([
      'password',
      true,
      'new-password',
    ]);
    fireEvent.change(emailInput, { target: { value: 'a@example.com' } });
    fireEvent.change(passwordInput, { target: { value: 'secret1' } });
    expect(email).toHaveBeenCalledWith('a@example.com');
    expect(password).toHaveBeenCalledWith('secret1');
  });

  it('may be optional and named otherwise', () => {
    render(<EmailField label="Your email address" required={false} value="" onValue={() => {}} />);
    expect((screen.getByLabelText('Your email address') as HTMLInputElement).required).toBe(false);
  });
});

describe('SelectField, TextAreaField and Checkbox', () => {
  it('label their controls in the look of the other text controls', () => {
    render(
      <>
        <SelectField label="Role" defaultValue="b">
          <option value="a">A</option>
          <option value="b">B</option>
        </SelectField>
        <TextAreaField label="Reason" hint="0 / 10 characters" defaultValue="" />
        <Checkbox defaultChecked>
          <span>I am 18 or older</span>
        </Checkbox>
      </>,
    );
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('b');
    expect(screen.getByLabelText('Role').className).toBe('input');
    const reason = screen.getByLabelText('Reason');
    expect(reason.tagName).toBe('TEXTAREA');
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '0 / 10 characters',
    );
    expect((screen.getByLabelText('I am 18 or older') as HTMLInputElement).checked).toBe(true);
  });
});
