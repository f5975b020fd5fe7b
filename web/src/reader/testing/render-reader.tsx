import type { Story } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../../auth/auth-context';
import StoryPage from '../StoryPage';
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

/** The story page at `/story/{id}`, as the app's route draws it, inside the same providers. */
export function renderStoryPage(id: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <MemoryRouter initialEntries={[`/story/${id}`]}>
          <Routes>
            <Route path="/story/:id" element={<StoryPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
