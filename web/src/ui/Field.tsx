import {
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import './Field.css';

const classes = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(' ');

/**
 * The class names of a text control in the app's look, for a control outside a `Field` (a search
 * box, a compact select in a table row): `<input className={controlClass('story-search__input')}>`.
 */
export function controlClass(className?: string): string {
  return classes('input', className);
}

/** A form whose fields and messages stand in one column with the app's spacing. */
export function Form({ className, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  return <form className={classes('form', className)} {...props} />;
}

/** A field's label, for a control that does not sit in a `Field`. */
export function FieldLabel({ htmlFor, id, children }: { htmlFor: string; id?: string; children: ReactNode }) {
  return (
    <label id={id} className="field__label" htmlFor={htmlFor}>
      {children}
    </label>
  );
}

/** A line of help under a control (or anywhere a form explains itself). */
export function FieldHint({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p id={id} className={classes('field__hint', className)}>
      {children}
    </p>
  );
}

/** What is wrong with a control's value; give it an id the control names in aria-describedby. */
export function FieldError({ id, role, children }: { id?: string; role?: 'alert'; children: ReactNode }) {
  return (
    <p id={id} className="field__error" role={role}>
      {children}
    </p>
  );
}

interface Described {
  label: ReactNode;
  hint?: ReactNode | undefined;
  error?: ReactNode | undefined;
}

/** The ids and aria attributes a control takes from its label, hint and error. */
function useDescribed({ hint, error }: Pick<Described, 'hint' | 'error'>, describedBy?: string) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined,
    },
  };
}

/** Label, control, then the hint and the error, each linked to the control. */
function FieldFrame({
  label,
  hint,
  error,
  ids,
  children,
}: Described & {
  ids: { id: string; hintId?: string | undefined; errorId?: string | undefined };
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      {children}
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>, Described {
  label: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are linked by aria-describedby; invalid when erroneous. */
export function Field({ label, error, hint, inputRef, className, ...input }: FieldProps) {
  const described = useDescribed({ hint, error }, input['aria-describedby']);
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={described}>
      <input ref={inputRef} {...input} {...described.control} className={controlClass(className)} />
    </FieldFrame>
  );
}

type TypedFieldProps = Omit<FieldProps, 'type' | 'label'> & {
  label?: string;
  /** The new value, for a field whose owner keeps only the text. */
  onValue?(value: string): void;
};

/** A required field whose owner keeps only its text. */
function TypedField({ onValue, onChange, ...field }: FieldProps & Pick<TypedFieldProps, 'onValue'>) {
  return <Field required onChange={onValue ? (event) => onValue(event.target.value) : onChange} {...field} />;
}

/** A required e-mail address field ("Email" unless told), its autocomplete the e-mail. */
export function EmailField({ label = 'Email', ...field }: TypedFieldProps) {
  return <TypedField label={label} type="email" autoComplete="email" {...field} />;
}

/** A required password field ("Password" unless told); say `autoComplete="new-password"` for a new one. */
export function PasswordField({ label = 'Password', ...field }: TypedFieldProps) {
  return <TypedField label={label} type="password" autoComplete="current-password" {...field} />;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>, Described {
  label: string;
}

/** A labelled select (its options as children). */
export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  const described = useDescribed({ hint, error }, select['aria-describedby']);
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={described}>
      <select {...select} {...described.control} className={controlClass(className)}>
        {children}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>, Described {
  label: string;
}

/** A labelled textarea in the look of the other text controls; it grows by hand. */
export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const described = useDescribed({ hint, error }, textarea['aria-describedby']);
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={described}>
      <textarea {...textarea} {...described.control} className={controlClass(className)} />
    </FieldFrame>
  );
}

/** A checkbox with its text beside it, the whole line one hit area. */
export function Checkbox({
  className,
  children,
  inputRef,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  inputRef?: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  return (
    <label className={classes('checkbox', className)}>
      <input ref={inputRef} type="checkbox" {...input} />
      {children}
    </label>
  );
}
