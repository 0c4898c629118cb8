/** The admin screens' view of the signed-in role: the permissions the server computed (domain/permissions.ts). */
import { createContext, useContext } from "react";
import type { AdminPermissions, AdminSubject, Role } from "../../domain/permissions.ts";

export interface AdminSession {
  user: { name: string; email: string; role: Role };
  permissions: AdminPermissions;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error("useAdminSession outside the admin layout");
  return session;
}

export function useCan(subject: AdminSubject) {
  return useAdminSession().permissions[subject];
}
