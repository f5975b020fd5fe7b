import { FULL_PRICE } from '@nocturne/events/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../ui/Button';
import { checkDiscountCode } from './purchase-api';

export interface DiscountBoxProps {
  /** Called with the amount to pay: 10 after a valid code, 15 otherwise. */
  onAmount(amount: number): void;
  label?: string;
}

type Verdict = { kind: 'none' } | { kind: 'applied' } | { kind: 'invalid' };

/**
 * The discount-code box (spec.md section 5): checked by the server, "30% OFF Applied!" on a
 * match (the price becomes $10), "Invalid discount code" for any other non-empty entry.
 */
export function DiscountBox({ onAmount, label = 'Discount code' }: DiscountBoxProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<Verdict>({ kind: 'none' });
  const [checking, setChecking] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    setChecking(true);
    try {
      const { valid, amount } = await checkDiscountCode(code.trim());
      setVerdict(valid ? { kind: 'applied' } : { kind: 'invalid' });
      onAmount(amount);
    } catch (error) {
      console.error('Discount check failed', error);
      setVerdict({ kind: 'invalid' });
      onAmount(FULL_PRICE);
    } finally {
      setChecking(false);
    }
  }

  return (
    <form className="discount-box" onSubmit={apply} noValidate>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="discount-box__row">
        <input
          id={id}
          className="input"
          value={code}
          autoComplete="off"
          placeholder="Enter code"
          onChange={(event) => {
            setCode(event.target.value);
            if (verdict.kind !== 'none') {
              setVerdict({ kind: 'none' });
              onAmount(FULL_PRICE);
            }
          }}
          aria-describedby={verdict.kind === 'none' ? undefined : `${id}-verdict`}
        />
        <Button type="submit" variant="secondary" loading={checking} disabled={!code.trim()}>
          Apply
        </Button>
      </div>
      {verdict.kind === 'applied' ? (
        <p id={`${id}-verdict`} className="discount-box__applied" role="status">
          30% OFF Applied!
        </p>
      ) : null}
      {verdict.kind === 'invalid' ? (
        <p id={`${id}-verdict`} className="field__error" role="alert">
          Invalid discount code
        </p>
      ) : null}
    </form>
  );
}
