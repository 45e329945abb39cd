import { createContext, useContext } from 'react';
import type { UserManager } from 'oidc-client-ts';

/** The app's UserManager, for the few places that need it directly (the sign-in callback). */
export const UserManagerContext = createContext<UserManager | null>(null);

export function useUserManager(): UserManager {
  const manager = useContext(UserManagerContext);
  if (!manager) throw new Error('useUserManager must be used inside the app providers');
  return manager;
}
