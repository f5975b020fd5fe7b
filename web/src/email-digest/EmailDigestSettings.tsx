import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { Alert } from '../ui/Alert';
import { SettingsCard } from '../ui/SettingsCard';
import { chooseEmailDigest } from './email-digest-api';
import { emailDigestKeys, emailDigestQuery } from './email-digest-queries';
import './EmailDigestSettings.css';

/**
 * The member's daily e-mail digest of new stories from the creators they follow (off until they
 * turn it on): saved as soon as the box changes.
 */
export function EmailDigestSettings() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const digest = useQuery(emailDigestQuery(token));
  // The box shows the choice in the same render as the click (a controlled box would otherwise
  // flip back until the mutation's state arrives); a refused save puts the saved choice back.
  const [chosen, setChosen] = useState<boolean | undefined>();
  const save = useMutation({
    mutationFn: chooseEmailDigest,
    onSuccess: ({ enabled }) => queryClient.setQueryData(emailDigestKeys.choice(token), enabled),
    onError: () => setChosen(undefined),
  });
  const enabled = chosen ?? digest.data ?? false;

  return (
    <SettingsCard title="E-mail">
      {digest.isError ? (
        <Alert tone="error">Your e-mail settings could not be loaded.</Alert>
      ) : (
        <label className="email-digest__choice">
          <input
            type="checkbox"
            checked={enabled}
            disabled={digest.isPending || save.isPending}
            onChange={(event) => {
              setChosen(event.target.checked);
              save.mutate(event.target.checked);
            }}
          />
          <span>Daily e-mail digest of new stories from creators I follow</span>
        </label>
      )}
      <span role="status" className="text-muted">
        {save.isSuccess ? (save.data.enabled ? 'Digest on.' : 'Digest off.') : ''}
      </span>
      {save.isError ? (
        <Alert tone="error">
          {save.error instanceof ApiError && save.error.detail
            ? save.error.detail
            : 'Your choice could not be saved. Please try again.'}
        </Alert>
      ) : null}
    </SettingsCard>
  );
}
