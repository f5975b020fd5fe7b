import type { IntegrityCheckKind } from '@nocturne/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/Button';
import { SectionTitle } from '../../ui/SectionTitle';
import { surfaceClass } from '../../ui/Surface';
import { integrityQuery } from '../audit-queries';
import { type IntegrityCheck, startIntegrityCheck } from './integrity-api';
import './IntegrityPanel.css';

const checks: { kind: IntegrityCheckKind; title: string; action: string; explains: string }[] = [
  {
    kind: 'log',
    title: 'Event log',
    action: 'Verify the log',
    explains:
      'Recomputes the hash of every event from the event and the hash before it. Note the head hash: a later check that finds another one at that position means the log was rewritten.',
  },
  {
    kind: 'read-models',
    title: 'Read models',
    action: 'Verify the read models',
    explains:
      'Rebuilds every read model from the log beside the live one and compares them row by row, while the product keeps serving.',
  },
];

/** Log integrity: the two checks, each with its button, its progress while it runs, and its result. */
export function IntegrityPanel({ token }: { token: string }) {
  return (
    <section className="integrity" aria-labelledby="integrity-title">
      <SectionTitle id="integrity-title">Log integrity</SectionTitle>
      <div className="integrity__checks">
        {checks.map((check) => (
          <IntegrityCheckCard key={check.kind} token={token} {...check} />
        ))}
      </div>
    </section>
  );
}

function IntegrityCheckCard({
  token,
  kind,
  title,
  action,
  explains,
}: {
  token: string;
  kind: IntegrityCheckKind;
  title: string;
  action: string;
  explains: string;
}) {
  const queryClient = useQueryClient();
  const query = integrityQuery(token, kind);
  const check = useQuery(query);
  const start = useMutation({
    mutationFn: () => startIntegrityCheck(token, kind),
    onSuccess: (started) => queryClient.setQueryData(query.queryKey, started),
  });
  const view = check.data;
  const running = view?.state === 'running' || start.isPending;
  const headingId = `integrity-${kind}-title`;
  return (
    <article className={surfaceClass('integrity__check')} aria-labelledby={headingId}>
      <h3 id={headingId} className="integrity__title">
        {title}
      </h3>
      <p className="text-muted integrity__explains">{explains}</p>
      <Button variant="primary" size="sm" disabled={running} onClick={() => start.mutate()}>
        {running ? 'Checking…' : action}
      </Button>
      {start.isError ? (
        <p role="alert" className="integrity__error">
          {start.error.message}
        </p>
      ) : null}
      {view ? <CheckState view={view} /> : null}
    </article>
  );
}

function CheckState({ view }: { view: IntegrityCheck }) {
  if (view.state === 'never') return <p className="text-muted">Not run yet.</p>;
  if (view.state === 'running') {
    const percent = view.total > 0 ? Math.min(100, Math.floor((view.done / view.total) * 100)) : 0;
    return (
      <div className="integrity__progress">
        <progress max={100} value={percent} aria-label={`${view.phase ?? 'starting'}: ${percent}%`} />
        <span className="text-muted">
          {view.phase ?? 'starting'}{' '}
          {view.total > 0 ? `${view.done.toLocaleString()} / ${view.total.toLocaleString()}` : ''}
        </span>
      </div>
    );
  }
  if (view.state === 'failed' || !view.outcome) {
    return (
      <p role="status" className="integrity__result integrity__result--bad">
        The check could not finish: {view.error ?? 'unknown error'}
      </p>
    );
  }
  const { outcome } = view;
  return (
    <div
      role="status"
      className={`integrity__result ${outcome.ok ? 'integrity__result--ok' : 'integrity__result--bad'}`}
    >
      <p className="integrity__summary">{outcome.summary}</p>
      {view.finished_at ? (
        <p className="text-muted integrity__when">Checked {new Date(view.finished_at).toLocaleString()}</p>
      ) : null}
      {outcome.differences.length > 0 ? (
        <div className="integrity__table-wrap">
          <table className="integrity__table">
            <caption className="visually-hidden">
              Differences between the live read models and their rebuild
            </caption>
            <thead>
              <tr>
                <th scope="col">Table</th>
                <th scope="col">Key</th>
                <th scope="col">Column</th>
                <th scope="col">Live</th>
                <th scope="col">Rebuilt</th>
              </tr>
            </thead>
            <tbody>
              {outcome.differences.map((d) => (
                <tr key={`${d.table} ${d.key} ${d.column}`}>
                  <td>{d.table}</td>
                  <td>{d.key}</td>
                  <td>{d.column}</td>
                  <td>{d.live}</td>
                  <td>{d.rebuilt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
