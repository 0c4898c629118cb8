import { useMatches } from "react-router";
import { hydratesDocument } from "../../domain/page-policy.ts";

/**
 * Whether this page hydrates the whole document (a session page: React Router's client runs it) or only its
 * islands (public and cached pages, ADR 013). Read from the matched routes' declarations, so the server and a
 * hydrating browser agree.
 */
export function useDocumentHydrates(): boolean {
  return hydratesDocument(useMatches().map((match) => match.handle));
}
