import { ageAssuranceMessages } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { centeredPanelClass } from '../ui/CenteredPanel';
import { LockIcon } from '../ui/icons';
import { ArrowLeftIcon } from '../ui/page-icons';
import { Spinner } from '../ui/Spinner';
import {
  type AgeMethod,
  ApiError,
  ageAssuranceKeys,
  loadAgeMethods,
  startAgeCheck,
} from './age-assurance-api';
import { keepCheckSecret, keepWantedPath } from './assurance-trip';
import './AgeAssuranceScreen.css';

export interface AgeAssuranceScreenProps {
  /** Where "Back" goes. */
  backTo: string;
  /** Opens the wallet's or provider's page (a full navigation away from the SPA). */
  goTo?: (url: string) => void;
}

const leave = (url: string) => window.location.assign(url);

/**
 * Instead of an Explicit story, for a reader who must first be assured to be an adult: why,
 * and the ways offered. Choosing one starts a check and sends the reader to the wallet or
 * provider; the story they wanted stays in this tab (sessionStorage) for the return page.
 * A provider that does not answer is named, and the other ways stay offered.
 */
export function AgeAssuranceScreen({ backTo, goTo = leave }: AgeAssuranceScreenProps) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const methods = useQuery({
    queryKey: ageAssuranceKeys.methods(),
    queryFn: ({ signal }) => loadAgeMethods(signal),
    retry: false,
    staleTime: 60_000,
  });
  const [starting, setStarting] = useState<AgeMethod | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [down, setDown] = useState<ReadonlySet<AgeMethod>>(new Set());

  async function start(method: AgeMethod, label: string) {
    setStarting(method);
    setProblem(null);
    try {
      const check = await startAgeCheck(method);
      keepCheckSecret(check.check, check.secret);
      keepWantedPath(`${location.pathname}${location.search}`);
      goTo(check.redirect);
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) {
        setDown((was) => new Set(was).add(method));
        setProblem(ageAssuranceMessages.providerDown(label));
      } else {
        setProblem(
          error instanceof ApiError && error.detail
            ? error.detail
            : 'The check could not be started. Please try again.',
        );
      }
      setStarting(null);
    }
  }

  return (
    <div className="page">
      <main id="main" className={centeredPanelClass('reader-message age-assurance')}>
        <h1 className="age-assurance__title" ref={heading} tabIndex={-1}>
          <LockIcon aria-hidden="true" />
          {ageAssuranceMessages.screenTitle}
        </h1>
        <p>{ageAssuranceMessages.screenWhy}</p>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {methods.isPending ? (
          <Spinner label="Loading the ways to confirm your age…" block />
        ) : methods.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" onClick={() => void methods.refetch()}>
                Try again
              </Button>
            }
          >
            The ways to confirm your age could not be loaded.
          </Alert>
        ) : methods.data.methods.length === 0 ? (
          <Alert tone="warning">{ageAssuranceMessages.noMethods}</Alert>
        ) : (
          <fieldset className="age-assurance__methods">
            <legend className="age-assurance__choose">{ageAssuranceMessages.chooseMethod}</legend>
            {methods.data.methods.map(({ method, label }) => (
              <Button
                key={method}
                variant={down.has(method) ? 'secondary' : 'primary'}
                block
                loading={starting === method}
                loadingLabel="Starting…"
                disabled={starting !== null && starting !== method}
                onClick={() => void start(method, label)}
              >
                {label}
              </Button>
            ))}
          </fieldset>
        )}
        <Link className={buttonClass('ghost', 'md')} to={backTo}>
          <ArrowLeftIcon />
          Back to Stories
        </Link>
      </main>
    </div>
  );
}
