import { ageAssuranceMessages } from '@nocturne/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { buttonClass } from '../ui/Button';
import { centeredPanelClass } from '../ui/CenteredPanel';
import { Spinner } from '../ui/Spinner';
import { ageCheckResult } from './age-assurance-api';
import { keepAgeToken } from './age-token-store';
import { checkSecretOf, forgetCheck, takeWantedPath, wantedPath } from './assurance-trip';
import './AgeAssuranceScreen.css';

/** How often a pending check is asked again, and for how long at most. */
export const RESULT_POLL_MS = 1500;
export const RESULT_PATIENCE_MS = 90_000;

type Outcome =
  | { kind: 'checking' }
  | { kind: 'refused'; detail: string }
  | { kind: 'failed'; message: string };

/**
 * `/age-assurance/return?check={id}`: where the wallet or provider sends the reader back. It asks
 * for the check's result (proving the check is this tab's by the secret kept when it started),
 * keeps the visitor token, and sends the reader on to the story they wanted.
 */
export default function AgeAssuranceReturnPage() {
  const [params] = useSearchParams();
  const check = params.get('check') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    check && checkSecretOf(check)
      ? { kind: 'checking' }
      : { kind: 'failed', message: ageAssuranceMessages.returnMissing },
  );
  const asked = useRef(false);

  useEffect(() => {
    const secret = checkSecretOf(check);
    if (!check || !secret || asked.current) return;
    asked.current = true;
    let stopped = false;
    const giveUpAt = Date.now() + RESULT_PATIENCE_MS;
    async function ask() {
      if (stopped) return;
      try {
        const result = await ageCheckResult(check, secret!);
        if (stopped) return;
        if (result.status === 'assured' && result.token && result.expiresAt) {
          keepAgeToken(result.token, result.expiresAt);
          forgetCheck(check);
          // Every answer read so far was made for a reader not yet assured.
          await queryClient.invalidateQueries();
          navigate(takeWantedPath() ?? '/', { replace: true });
        } else if (result.status === 'refused') {
          forgetCheck(check);
          setOutcome({ kind: 'refused', detail: result.detail ?? ageAssuranceMessages.returnRefused });
        } else if (Date.now() < giveUpAt) {
          setTimeout(() => void ask(), RESULT_POLL_MS);
        } else {
          setOutcome({ kind: 'failed', message: ageAssuranceMessages.returnFailed });
        }
      } catch {
        if (!stopped) setOutcome({ kind: 'failed', message: ageAssuranceMessages.returnFailed });
      }
    }
    void ask();
    return () => {
      stopped = true;
    };
  }, [check, navigate, queryClient]);

  const wanted = outcome.kind === 'checking' ? null : wantedPath();
  return (
    <div className="page">
      <main id="main" className={centeredPanelClass('reader-message age-assurance')}>
        <h1 className="age-assurance__title">{ageAssuranceMessages.screenTitle}</h1>
        {outcome.kind === 'checking' ? (
          <Spinner label={ageAssuranceMessages.returnChecking} block />
        ) : (
          <Alert tone="error">{outcome.kind === 'refused' ? outcome.detail : outcome.message}</Alert>
        )}
        {wanted ? (
          <Link className={buttonClass('primary', 'md', { block: true })} to={wanted}>
            Try again
          </Link>
        ) : null}
        {outcome.kind !== 'checking' ? (
          <Link className={buttonClass('secondary', 'md', { block: true })} to="/">
            Back to Stories
          </Link>
        ) : null}
      </main>
    </div>
  );
}
