import { createHash, X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

/**
 * Reading an identity provider's SAML 2.0 metadata (docs/sso.md, SAML): its entity ID, the HTTP-Redirect
 * single sign-on URL, and the signing certificates. Untrusted input (staff paste it): parsed with
 * xmldom, which never fetches external entities, and every failure is a sentence for the field.
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
/** The binding our AuthnRequest uses (node-saml's default). */
export const HTTP_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

const select = xpath.useNamespaces({ md: MD, ds: DS });

/** What the metadata says about the identity provider. */
export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** Signing certificates, base64 DER without whitespace. */
  certs: string[];
}

/** Metadata that cannot be used; `message` is shown at the field. */
export class MetadataError extends Error {
  override name = 'MetadataError';
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

function element(node: xpath.SelectReturnType): Element[] {
  return Array.isArray(node) ? (node as Element[]) : [];
}

/**
 * Parses `xml` (one EntityDescriptor, or an EntitiesDescriptor holding exactly one identity provider).
 * @returns the entity ID, the single sign-on URL of the HTTP-Redirect binding (https; http only on
 * 127.0.0.1/localhost) and the signing certificates (KeyDescriptor use="signing" or without use).
 * @throws MetadataError for XML that does not parse, no or several identity providers, no
 * HTTP-Redirect single sign-on service, no or unreadable certificates.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const problems: string[] = [];
  const report = (_level: string, message: string) => problems.push(String(message).split('\n')[0]!);
  let doc: Document;
  try {
    doc = new DOMParser({
      errorHandler: {
        warning: () => {},
        error: (m) => report('error', m),
        fatalError: (m) => report('fatal', m),
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (error) {
    throw new MetadataError(`This is not well-formed XML (${(error as Error).message.split('\n')[0]}).`);
  }
  if (problems.length > 0 || !doc?.documentElement)
    throw new MetadataError(`This is not well-formed XML (${problems[0] ?? 'empty document'}).`);
  const idps = element(
    select(
      `//md:EntityDescriptor[md:IDPSSODescriptor[contains(@protocolSupportEnumeration, '${PROTOCOL}')]]`,
      doc as never,
    ),
  );
  if (idps.length === 0)
    throw new MetadataError(
      'No SAML 2.0 identity provider in this metadata (an EntityDescriptor with an IDPSSODescriptor).',
    );
  if (idps.length > 1)
    throw new MetadataError(
      'This metadata describes several identity providers: paste the one of your institution.',
    );
  const entity = idps[0]!;
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId || entityId.length > 1024) throw new MetadataError('The EntityDescriptor has no entityID.');
  const descriptor = element(select('md:IDPSSODescriptor', entity as never))[0]!;
  const service = element(select('md:SingleSignOnService', descriptor as never)).find(
    (s) => s.getAttribute('Binding') === HTTP_REDIRECT,
  );
  const location = service?.getAttribute('Location')?.trim();
  if (!location)
    throw new MetadataError(
      'The identity provider has no SingleSignOnService with the HTTP-Redirect binding.',
    );
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new MetadataError(`The single sign-on URL “${location}” is not a URL.`);
  }
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))))
    throw new MetadataError(`The single sign-on URL “${location}” must start with https://.`);
  const certs: string[] = [];
  for (const key of element(select('md:KeyDescriptor', descriptor as never))) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const node of element(select('.//ds:X509Certificate', key as never))) {
      const base64 = (node.textContent ?? '').replace(/\s+/g, '');
      try {
        new X509Certificate(Buffer.from(base64, 'base64'));
      } catch {
        throw new MetadataError('A signing certificate (X509Certificate) of the metadata cannot be read.');
      }
      if (!certs.includes(base64)) certs.push(base64);
    }
  }
  if (certs.length === 0)
    throw new MetadataError(
      'The identity provider has no signing certificate (KeyDescriptor with an X509Certificate).',
    );
  return { entityId, ssoUrl: url.href, certs };
}

/** A certificate (base64 DER) as PEM, as node-saml takes it. */
export function certPem(base64: string): string {
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** The SHA-256 fingerprint of a certificate (base64 DER), `AA:BB:…`, as the settings page shows it. */
export function certFingerprint(base64: string): string {
  const hex = createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex').toUpperCase();
  return hex.match(/.{2}/g)!.join(':');
}
