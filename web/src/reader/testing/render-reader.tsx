import type { Story } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '../../auth/auth-context';
import { StoryReader } from '../StoryReader';

/** The reader as a page shows it, inside the providers it needs (queries, auth, router). */
export function renderReader(story: Story) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <MemoryRouter>
          <StoryReader story={story} backTo="/" />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
