import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon } from '../ui/page-icons';
import { CreateStoryForm } from './CreateStoryForm';
import { storedInviteCode } from './invite-storage';
import './CreateStoryPage.css';

/**
 * /create_stories: reachable only with a stored invite code (else /invite). The code is sent as
 * X-Invite-Code and checked by the server; after publishing, the new story opens.
 */
export default function CreateStoryPage() {
  const navigate = useNavigate();
  const inviteCode = storedInviteCode();
  if (!inviteCode) return <Navigate to="/invite" replace />;

  return (
    <div className="page">
      <main className="container create-story-page">
        <Link className="create-story-page__back" to="/">
          <ArrowLeftIcon />
          Back to Home
        </Link>
        <h1 className="create-story-page__title">Create a New Story</h1>
        <CreateStoryForm
          headers={{ 'X-Invite-Code': inviteCode }}
          onCreated={(id) => navigate(`/story/${encodeURIComponent(id)}`)}
        />
      </main>
    </div>
  );
}
