import { penNameProblem } from '@nocturne/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { surfaceClass } from '../ui/Surface';
import { creatorKeys, penNameQuery } from './creator-queries';
import { changePenName } from './creators-api';
import './PenNameForm.css';

/** The creator's pen name, and a form to change it: every story of theirs shows the new one. */
export function PenNameForm() {
  const { token } = useAuth();
  const current = useQuery(penNameQuery(token));
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const problem = penNameProblem(value);
    if (problem) return setError(problem);
    setError(null);
    setSaving(true);
    try {
      await changePenName(value);
      setValue('');
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: creatorKeys.all() });
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
    } catch (caught) {
      setError(
        caught instanceof ApiError ? (caught.detail ?? 'The pen name could not be saved.') : 'Network error.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={surfaceClass('pen-name-form')} onSubmit={submit} noValidate>
      <p className="pen-name-form__current">
        Your pen name: <strong data-testid="current-pen-name">{current.data?.penName ?? '…'}</strong>
      </p>
      <Field
        label="New pen name"
        name="penName"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        maxLength={30}
        autoComplete="nickname"
        error={error ?? undefined}
        hint="2 to 30 letters, digits, spaces, - and _. Your stories show the new name at once."
      />
      <Button type="submit" variant="secondary" loading={saving} loadingLabel="Saving…">
        Change pen name
      </Button>
      {saved ? <Alert tone="success">Your pen name is changed.</Alert> : null}
    </form>
  );
}
