/** What the signed-in role may do per subject, computed on the server (server/auth/abilities.ts). */
import { createContext, useContext } from "react";

export type AdminSubject =
  | "Dashboard"
  | "Product"
  | "Image"
  | "Tag"
  | "Size"
  | "Category"
  | "Branch"
  | "Sale"
  | "Publication"
  | "Client"
  | "ContactRequest"
  | "Settings";

export type AdminPermissions = Record<
  AdminSubject,
  { read: boolean; create: boolean; update: boolean; delete: boolean }
>;

export interface AdminSession {
  user: { name: string; email: string; role: "admin" | "editor" };
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
