import { createHash, randomBytes } from 'node:crypto';
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { Database } from '../../db/client.ts';
import { SsoRefusal } from './accounts.ts';
import { type SamlSettings, spUrls } from './saml-config-store.ts';
import { certPem } from './saml-metadata.ts';
import {
  deleteExpiredSaml,
  insertSamlRequest,
  recordAssertion,
  selectSamlRequestTime,
  takeSamlRequest,
} from './saml-queries.ts';

/**
 * SAML 2.0 Web Browser SSO, SP-initiated (docs/sso.md, SAML), through `@node-saml/node-saml`
 * (docs/decisions/0010-node-saml.md): an AuthnRequest by HTTP-Redirect, the answer by HTTP-POST to our
 * ACS. node-saml checks the assertion's signature against the configured certificates (an unsigned
 * assertion is refused), the issuer, audience, time conditions and InResponseTo; we keep the issued
 * request IDs and the accepted assertion IDs in the database, each usable once, so any instance can
 * finish a sign-on another started and no assertion works twice.
 */

/** How long a started SAML sign-on stays usable. */
export const SAML_REQUEST_MINUTES = 10;
/** The cookie that binds a pending SAML sign-on to the browser that started it. */
export const SAML_BROWSER_COOKIE = 'saml_browser';
/** Clock difference tolerated between us and the identity provider. */
const CLOCK_SKEW_MS = 60_000;
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** Friendly names of common attributes (eduPerson, inetOrgPerson) and their OIDs: either may be configured. */
const ATTRIBUTE_OIDS: Record<string, string> = {
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  email: 'urn:oid:0.9.2342.19200300.100.1.3',
  uid: 'urn:oid:0.9.2342.19200300.100.1.1',
  displayName: 'urn:oid:2.16.840.1.113730.3.1.241',
  cn: 'urn:oid:2.5.4.3',
  givenName: 'urn:oid:2.5.4.42',
  sn: 'urn:oid:2.5.4.4',
  eduPersonPrincipalName: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  eduPersonAffiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
  eduPersonScopedAffiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.9',
  eduPersonEntitlement: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.7',
};

/**
 * node-saml's store of issued request IDs, backed by `saml_requests`. `saveAsync` records a new request
 * (bound to the browser and the return path); `getAsync` answers when a live request of this
 * institution was made (null: none); `removeAsync` does nothing: `takeSamlRequest` deletes the row once the response checked out,
 * in one statement, so two posts of one response cannot both take it.
 */
function requestStore(
  database: Database,
  institutionId: number,
  pending?: { browserDigest: string; returnTo: string },
): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      if (!pending) throw new Error('no sign-on is being started');
      await insertSamlRequest(database.query, key, institutionId, pending, SAML_REQUEST_MINUTES);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => {
      // node-saml reads the value as the request's creation time.
      const createdAt = await selectSamlRequestTime(database.query, key, institutionId);
      return createdAt ? new Date(createdAt).toISOString() : null;
    },
    removeAsync: async (key) => key,
  };
}

/** node-saml for one institution, our side at `origin`. */
function samlClient(settings: SamlSettings, origin: string, cacheProvider: CacheProvider): SAML {
  const sp = spUrls(origin, settings.slug);
  return new SAML({
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    entryPoint: settings.idpSsoUrl,
    idpIssuer: settings.idpEntityId,
    idpCert: settings.idpCerts.map(certPem),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_MINUTES * 60_000,
    cacheProvider,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    generateUniqueId: () => `_${randomBytes(20).toString('hex')}`,
  });
}

/**
 * Starts a SAML sign-on: records a pending request (its ID, the browser token's digest, `returnTo`) and
 * returns the identity provider's URL carrying the deflated AuthnRequest, and the browser cookie's value.
 */
export async function startSamlSignOn(
  database: Database,
  settings: SamlSettings,
  origin: string,
  returnTo: string,
): Promise<{ url: string; browserToken: string }> {
  const browserToken = randomBytes(32).toString('base64url');
  const store = requestStore(database, settings.institutionId, {
    browserDigest: digest(browserToken),
    returnTo,
  });
  const url = await samlClient(settings, origin, store).getAuthorizeUrlAsync('', undefined, {});
  return { url, browserToken };
}

/**
 * The claims a SAML assertion gives the account rules (`signOnAccount`): every attribute by its Name,
 * common ones also by their friendly name or OID, and `sub`: a persistent NameID, else the identifier
 * attribute's value (a transient NameID changes at every sign-on).
 */
export function samlClaims(profile: Profile, identifierAttribute: string): Record<string, unknown> {
  const claims: Record<string, unknown> = { ...((profile.attributes as Record<string, unknown>) ?? {}) };
  for (const [friendly, oid] of Object.entries(ATTRIBUTE_OIDS)) {
    if (claims[friendly] === undefined && claims[oid] !== undefined) claims[friendly] = claims[oid];
    else if (claims[oid] === undefined && claims[friendly] !== undefined) claims[oid] = claims[friendly];
  }
  const identifier = claims[identifierAttribute];
  claims.sub =
    profile.nameIDFormat === PERSISTENT && profile.nameID
      ? profile.nameID
      : typeof identifier === 'string'
        ? identifier
        : undefined;
  return claims;
}

/** Why node-saml refused, as a refusal code: a request we do not know is `expired`, anything else `failed`. */
function refusalOf(error: unknown): SsoRefusal {
  const message = (error as Error)?.message ?? String(error);
  const expired = /InResponseTo/i.test(message);
  return new SsoRefusal(expired ? 'expired' : 'failed', `SAML: ${message.split('\n')[0]}`);
}

/**
 * Finishes a SAML sign-on from the posted `SAMLResponse`: node-saml validates it (signed assertion,
 * issuer, audience, NotBefore/NotOnOrAfter, InResponseTo of a live request of this institution); then the
 * request is taken (deleted: single use; it must have been started by this browser) and the assertion ID
 * recorded until the assertion expires (a second use is refused).
 * @returns the assertion's claims (`samlClaims`) and the path to return to.
 * @throws SsoRefusal `failed` (a check failed), `expired` (unknown, used, expired or other browser's request,
 * a replayed assertion).
 */
export async function finishSamlSignOn(
  database: Database,
  settings: SamlSettings,
  origin: string,
  samlResponse: string | undefined,
  browserToken: string | undefined,
): Promise<{ claims: Record<string, unknown>; returnTo: string }> {
  if (!samlResponse) throw new SsoRefusal('failed', 'SAML: no SAMLResponse in the post');
  let profile: Profile | null;
  try {
    const client = samlClient(settings, origin, requestStore(database, settings.institutionId));
    ({ profile } = await client.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw refusalOf(error);
  }
  if (!profile) throw new SsoRefusal('failed', 'SAML: the response holds no assertion');
  if (profile.issuer !== settings.idpEntityId)
    throw new SsoRefusal(
      'failed',
      `SAML: the assertion's issuer ${profile.issuer} is not ${settings.idpEntityId}`,
    );
  const requestId = profile.inResponseTo;
  if (typeof requestId !== 'string') throw new SsoRefusal('expired', 'SAML: the response answers no request');
  const request = await takeSamlRequest(database.query, requestId, settings.institutionId);
  if (!request) throw new SsoRefusal('expired', `SAML: request ${requestId} was already used`);
  if (!browserToken || digest(browserToken) !== request.browser_digest)
    throw new SsoRefusal('expired', `SAML: request ${requestId} belongs to another browser`);
  const assertion = (profile.getAssertion?.() as { Assertion?: AssertionJs })?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (!assertionId) throw new SsoRefusal('failed', 'SAML: the assertion has no ID');
  const notOnOrAfter = assertion.Conditions?.[0]?.$?.NotOnOrAfter;
  const expires = notOnOrAfter && !Number.isNaN(Date.parse(notOnOrAfter)) ? notOnOrAfter : null;
  const recorded = await recordAssertion(
    database.query,
    settings.idpEntityId,
    assertionId,
    settings.institutionId,
    expires,
  );
  if (!recorded) throw new SsoRefusal('expired', `SAML: assertion ${assertionId} was already used`);
  return { claims: samlClaims(profile, settings.identifierAttribute), returnTo: request.return_to };
}

/** The parts of node-saml's parsed (xml2js) assertion read here. */
interface AssertionJs {
  $?: { ID?: string };
  Conditions?: Array<{ $?: { NotOnOrAfter?: string } }>;
}

/** Our service provider metadata for `settings` at `origin` (no signing or encryption keys of ours). */
export function samlServiceProviderMetadata(settings: SamlSettings, origin: string): string {
  // Writing metadata reads no request: a store that is never asked.
  const unused: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  return samlClient(settings, origin, unused).generateServiceProviderMetadata(null, null);
}

/** Removes expired pending SAML sign-ons and remembered assertion IDs (maintenance job). @returns how many. */
export async function purgeExpiredSaml(database: Database): Promise<number> {
  const { requests, assertions } = await deleteExpiredSaml(database.query);
  return requests + assertions;
}
