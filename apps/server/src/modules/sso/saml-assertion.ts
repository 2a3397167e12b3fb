import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignedXml } from 'xml-crypto';
import { HTTP_REDIRECT } from './saml-metadata.ts';

/**
 * The SAML identity provider stand-in's assertions (docs/sso.md, Stand-in): real SAML 2.0 Responses
 * whose Assertion is signed with `xml-crypto` (RSA-SHA256, exclusive C14N, enveloped), as node-saml's
 * own tests build them; and the stand-in's metadata. Test keys only (saml-standin-keys/README.md).
 */

const keyFile = (name: string) =>
  readFileSync(new URL(`./saml-standin-keys/${name}`, import.meta.url), 'utf8');

/** The stand-in's key pairs: `idp` is the one its metadata names, `other` signs the “bad signature” refusals. */
export const STANDIN_KEYS = {
  idp: { key: keyFile('idp.key'), cert: keyFile('idp.crt') },
  other: { key: keyFile('other.key'), cert: keyFile('other.crt') },
} as const;

/** A certificate PEM's base64 body, as metadata's X509Certificate holds it. */
const certBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`);

/** The metadata of an identity provider `entityId` with single sign-on at `ssoUrl`, signing with `certPem`. */
export function standinMetadata(entityId: string, ssoUrl: string, certPem = STANDIN_KEYS.idp.cert): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody(certPem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
    <md:SingleSignOnService Binding="${HTTP_REDIRECT}" Location="${escapeXml(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
}

/** OIDs of the attributes the stand-in sends (eduPerson, inetOrgPerson). */
export const OID = {
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  displayName: 'urn:oid:2.16.840.1.113730.3.1.241',
  eduPersonPrincipalName: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  eduPersonAffiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
} as const;

export interface AssertionOptions {
  /** The identity provider's entity ID (the Issuer of the Response and of the Assertion). */
  issuer: string;
  /** The service provider's entity ID (the Audience). */
  audience: string;
  /** Where the Response is posted (Destination, Recipient). */
  acsUrl: string;
  /** The AuthnRequest ID answered; omitted: an unsolicited response. */
  inResponseTo?: string;
  /** A persistent NameID (default: derived from the attributes). */
  nameId?: string;
  /** Attribute Name (an OID URI or any name) → values. */
  attributes: Record<string, string[]>;
  /** The Assertion's ID (default: random): the same ID twice is a replay. */
  assertionId?: string;
  /** Seconds from now until NotOnOrAfter (default 300; negative: expired). */
  validForSeconds?: number;
  /** Whose key signs the Assertion: the stand-in's (default), another, or none (unsigned). */
  signWith?: 'idp' | 'other' | 'none';
  /** Changes the signed XML afterwards (a tampered assertion). */
  tamper?: (signedXml: string) => string;
}

/** A Response with one bearer Assertion, as the HTTP-POST binding carries it (base64). */
export function buildSamlResponse(options: AssertionOptions): string {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const until = iso(now + (options.validForSeconds ?? 300) * 1000);
  const irt = options.inResponseTo ? ` InResponseTo="${escapeXml(options.inResponseTo)}"` : '';
  const nameId =
    options.nameId ??
    createHash('sha256').update(JSON.stringify(options.attributes)).digest('hex').slice(0, 32);
  const attributes = Object.entries(options.attributes)
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">${values
          .map((v) => `<saml:AttributeValue>${escapeXml(v)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${escapeXml(options.assertionId ?? `_a${randomBytes(16).toString('hex')}`)}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${escapeXml(options.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${until}" Recipient="${escapeXml(options.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now - 30_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    '</saml:Assertion>';
  let xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}" Destination="${escapeXml(options.acsUrl)}"${irt}>` +
    `<saml:Issuer>${escapeXml(options.issuer)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    `${assertion}</samlp:Response>`;
  const signWith = options.signWith ?? 'idp';
  if (signWith !== 'none') {
    const pair = STANDIN_KEYS[signWith];
    const sig = new SignedXml({
      privateKey: pair.key,
      publicCert: pair.cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sig.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
    });
    sig.computeSignature(xml, {
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    xml = sig.getSignedXml();
  }
  if (options.tamper) xml = options.tamper(xml);
  return Buffer.from(xml).toString('base64');
}
