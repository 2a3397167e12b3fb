import {
  ACCOUNT_ADMIN_ENDPOINTS,
  AUDIT_ENDPOINTS,
  type AuditQuery,
  SAML_API,
  SamlConfigAnswerSchema,
  SSO_API,
  SsoConfigAnswerSchema,
} from '@course-coach/contracts';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { apiGet } from '../../api/client.ts';

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

export const ssoQuery = (institutionId: number) => ({
  queryKey: ['sso-config', institutionId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet(SSO_API.config(institutionId), SsoConfigAnswerSchema, signal),
});

/** GET the institution's SAML configuration (staff and admins; docs/sso.md, SAML). */
export const samlQuery = (institutionId: number) => ({
  queryKey: ['saml-config', institutionId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet(SAML_API.config(institutionId), SamlConfigAnswerSchema, signal),
});
