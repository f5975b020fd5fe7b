import { FULL_PRICE } from '@nocturne/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../ui/Button';
import { controlClass, FieldError, FieldLabel } from '../ui/Field';
import { checkDiscountCode } from './purchase-api';
import './DiscountBox.css';

export interface DiscountBoxProps {
  /** Called with the amount to pay: 10 after a valid code, 15 otherwise. */
  onAmount(amount: number): void;
  /** Called with the code the server accepted, or null (a processor's purchase sends it). */
  onCode?(code: string | null): void;
  label?: string;
}

/**
 * The discount-code box: checked by the server, "30% OFF Applied!" on a
 * match (the price becomes $10), "Invalid discount code" for any other non-empty entry.
 */
export function DiscountBox({ onAmount, onCode, label = 'Discount code' }: DiscountBoxProps) {
  const id = useId();
  const [code, setCode] = useState('');
  // The server's verdict on the code sent; reset as soon as the code is edited.
  const check = useMutation({
    mutationFn: checkDiscountCode,
    onSuccess: ({ amount, valid }, sent) => {
      onAmount(amount);
      onCode?.(valid ? sent : null);
    },
    onError: (error) => {
      console.error('Discount check failed', error);
      onAmount(FULL_PRICE);
      onCode?.(null);
    },
  });
  const verdict: 'none' | 'applied' | 'invalid' = check.isSuccess
    ? check.data.valid
      ? 'applied'
      : 'invalid'
    : check.isError
      ? 'invalid'
      : 'none';

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    check.mutate(code.trim());
  }

  return (
    <form className="discount-box" onSubmit={apply} noValidate>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="discount-box__row">
        <input
          id={id}
          className={controlClass()}
          value={code}
          autoComplete="off"
          placeholder="Enter code"
          onChange={(event) => {
            setCode(event.target.value);
            if (verdict !== 'none') {
              check.reset();
              onAmount(FULL_PRICE);
              onCode?.(null);
            }
          }}
          aria-describedby={verdict === 'none' ? undefined : `${id}-verdict`}
        />
        <Button type="submit" variant="secondary" loading={check.isPending} disabled={!code.trim()}>
          Apply
        </Button>
      </div>
      {verdict === 'applied' ? (
        <p id={`${id}-verdict`} className="discount-box__applied" role="status">
          30% OFF Applied!
        </p>
      ) : null}
      {verdict === 'invalid' ? (
        <FieldError id={`${id}-verdict`} role="alert">
          Invalid discount code
        </FieldError>
      ) : null}
    </form>
  );
}
