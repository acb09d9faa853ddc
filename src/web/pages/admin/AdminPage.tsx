import { useSession } from '../../features/auth/api/session';
import { ModerationScreen } from '../../features/moderation/ModerationScreen';

/** /admin: a chunk of its own, loaded only when a moderator opens it (never by a public page). */
export default function AdminPage() {
  return <ModerationScreen session={useSession()} />;
}
