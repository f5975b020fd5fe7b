import { type AdminRole, roleMay } from '@nocturne/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** The signed-in role, and whether the permission table lets it call a route. */
export interface AdminAccess {
  role: AdminRole;
  may(method: string, routePath: string): boolean;
}

const AdminAccessContext = createContext<AdminAccess>({ role: 'owner', may: () => true });

export function AdminAccessProvider({ role, children }: { role: AdminRole; children: ReactNode }) {
  const access = useMemo(
    () => ({ role, may: (method: string, path: string) => roleMay(role, method, path) }),
    [role],
  );
  return <AdminAccessContext.Provider value={access}>{children}</AdminAccessContext.Provider>;
}

/** The panel shows only what the role may do (the server refuses the rest anyway). */
export const useAdminAccess = () => useContext(AdminAccessContext);
