import {
  ACCOUNT_ADMIN_ENDPOINTS,
  AUDIT_ENDPOINTS,
  type AuditQuery,
  SAML_ENDPOINTS,
  SSO_ENDPOINTS,
} from '@course-coach/contracts';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** Query options of the account pages (docs/accounts.md, docs/audit-log.md, docs/sso.md). */
export const usersQuery = (institutionId: number, q: string, page: number) => ({
  queryKey: ['institution-users', institutionId, q, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callEndpoint(ACCOUNT_ADMIN_ENDPOINTS.users, { params: { institutionId }, query: { q, page } }, signal),
});

export const userQuery = (institutionId: number, userId: number) => ({
  queryKey: ['institution-user', institutionId, userId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callEndpoint(ACCOUNT_ADMIN_ENDPOINTS.user, { params: { institutionId, userId } }, signal),
});

/** The audit log's filters as a query string (empty values left out). */
export function auditSearch(filters: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params.toString();
}

/** The audit log's filters without the empty ones (an empty field filters nothing). */
function withoutEmpty(filters: AuditQuery): AuditQuery {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
}

export const auditQuery = (institutionId: number, filters: AuditQuery) => ({
  queryKey: ['audit-log', institutionId, filters] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callEndpoint(AUDIT_ENDPOINTS.list, { params: { institutionId }, query: withoutEmpty(filters) }, signal),
});

/** GET the institution's OpenID Connect configuration (staff and admins; docs/sso.md). */
export const ssoQuery = (institutionId: number) => ({
  queryKey: ['sso-config', institutionId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callEndpoint(SSO_ENDPOINTS.config, { params: { institutionId } }, signal),
});

/** GET the institution's SAML configuration (staff and admins; docs/sso.md, SAML). */
export const samlQuery = (institutionId: number) => ({
  queryKey: ['saml-config', institutionId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callEndpoint(SAML_ENDPOINTS.config, { params: { institutionId } }, signal),
});
