import { CONTENT_WARNINGS, type ContentWarningId } from '@nocturne/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { answerOf, client } from '../api/typed-client';
import { useAuth } from '../auth/auth-context';
import { storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { SettingsCard } from '../ui/SettingsCard';
import { hiddenWarningsQuery, labelKeys } from './label-queries';
import './LabelsPicker.css';
import './HiddenWarningsSettings.css';

const chooseHiddenWarnings = (warnings: ContentWarningId[]) =>
  answerOf(client.PUT('/api/me/hidden-warnings', { body: { warnings } }));

/**
 * The reader's choice of content warnings to hide (PUT /api/me/hidden-warnings): remembered for
 * the account, applied by the server to every list it answers them.
 */
export function HiddenWarningsSettings() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const hidden = useQuery(hiddenWarningsQuery(token));
  const [draft, setDraft] = useState<ContentWarningId[] | null>(null);
  const save = useMutation({
    mutationFn: chooseHiddenWarnings,
    onSuccess: ({ warnings }) => {
      queryClient.setQueryData(labelKeys.hidden(token), warnings);
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
    },
  });
  const chosen = draft ?? hidden.data ?? [];
  const toggle = (id: ContentWarningId) =>
    setDraft(chosen.includes(id) ? chosen.filter((w) => w !== id) : [...chosen, id]);

  return (
    <SettingsCard title="Content preferences">
      {hidden.isError ? (
        <Alert tone="error">Your content preferences could not be loaded.</Alert>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(chosen);
          }}
        >
          <fieldset className="labels-picker__group" disabled={hidden.isPending}>
            <legend className="labels-picker__legend">Hide stories with these content warnings</legend>
            <div className="labels-picker__options">
              {CONTENT_WARNINGS.map((warning) => (
                <label key={warning.id} className="label-chip label-chip--warning">
                  <input
                    type="checkbox"
                    checked={chosen.includes(warning.id)}
                    onChange={() => toggle(warning.id)}
                  />
                  <span>{warning.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="hidden-warnings__actions">
            <Button type="submit" variant="secondary" loading={save.isPending} disabled={draft === null}>
              Save preferences
            </Button>
            <span role="status" className="text-muted">
              {save.isSuccess && draft === null ? 'Saved.' : ''}
            </span>
          </div>
          {save.isError ? (
            <Alert tone="error">
              {save.error instanceof ApiError && save.error.detail
                ? save.error.detail
                : 'Your preferences could not be saved. Please try again.'}
            </Alert>
          ) : null}
        </form>
      )}
    </SettingsCard>
  );
}
