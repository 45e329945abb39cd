import { Outlet } from 'react-router';
import { CenteredSpinner } from './CenteredSpinner';
import { NotFoundView } from './NotFound';
import { QueryErrorAlert } from './QueryErrorAlert';

export interface ShellContentProps {
  /** The current-user query the shell checks access with. */
  user: { isError: boolean; error: unknown; refetch: () => unknown };
  /** The user is still loading (or settling after a change). */
  loading: boolean;
  /** The user may open this area (a member of the organization, a buyer from the store). */
  allowed: boolean;
  /** Where the not-found view leads, and the words of its button. */
  homeTo: string;
  homeLabel: string;
}

/**
 * The content area of the seller and buyer shells: a spinner while the user loads, the error
 * with Try again, not-found when the user may not open the area, otherwise the page.
 */
export function ShellContent({ user, loading, allowed, homeTo, homeLabel }: ShellContentProps) {
  if (loading) return <CenteredSpinner />;
  if (user.isError) return <QueryErrorAlert error={user.error} onRetry={() => void user.refetch()} />;
  if (!allowed) return <NotFoundView homeTo={homeTo} homeLabel={homeLabel} />;
  return <Outlet />;
}
