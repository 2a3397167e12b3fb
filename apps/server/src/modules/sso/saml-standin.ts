import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { buildSamlResponse, OID, standinMetadata } from './saml-assertion.ts';

/**
 * A stand-in SAML 2.0 identity provider for tests and the demo (docs/sso.md, Stand-in), on 127.0.0.1:
 * it reads the AuthnRequest of the HTTP-Redirect binding, shows a sign-in page that takes any login (the
 * login names the account: `accounts`, else an address-shaped login is a person with that e-mail and the
 * affiliations of `rolesOf`, by default a student), and posts a signed Response answering the request to
 * the request's AssertionConsumerServiceURL (HTTP-POST binding).
 */

/** The attributes of one stand-in account. */
export interface SamlStandinAccount {
  mail?: string;
  displayName?: string;
  eduPersonPrincipalName?: string;
  /** eduPersonAffiliation values, e.g. student, faculty, staff, employee. */
  affiliations?: string[];
}

export interface SamlStandinOptions {
  accounts?: Record<string, SamlStandinAccount>;
  /** Affiliations of a login that is not in `accounts` (default: student). */
  rolesOf?: (login: string) => string[];
  /** 0 (default): any free port. */
  port?: number;
}

export interface SamlStandin {
  /** `http://127.0.0.1:<port>/idp` */
  entityId: string;
  ssoUrl: string;
  /** The identity provider's metadata XML (what staff paste into the settings). */
  metadata: string;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const attr = (value: string) => value.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The AuthnRequest's ID, ACS URL and issuer (our SP's entity ID), from the Redirect binding's SAMLRequest. */
function readRequest(samlRequest: string): { id: string; acsUrl: string; audience: string } | null {
  try {
    const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
    const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
    const issuer = root?.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0];
    const id = root?.getAttribute('ID');
    const acsUrl = root?.getAttribute('AssertionConsumerServiceURL');
    if (!id || !acsUrl || !issuer?.textContent) return null;
    return { id, acsUrl, audience: issuer.textContent.trim() };
  } catch {
    return null;
  }
}

/** Starts the stand-in; resolves once it listens. */
export async function startSamlStandin(options: SamlStandinOptions = {}): Promise<SamlStandin> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const entityId = `http://127.0.0.1:${port}/idp`;
  const ssoUrl = `http://127.0.0.1:${port}/sso`;
  const accounts = options.accounts ?? {};

  const attributesOf = (login: string): Record<string, string[]> => {
    const account = accounts[login] ?? {
      mail: login.includes('@') ? login.toLowerCase() : undefined,
      affiliations: options.rolesOf?.(login) ?? ['student'],
    };
    const attributes: Record<string, string[]> = {
      [OID.displayName]: [account.displayName ?? login],
      [OID.eduPersonAffiliation]: account.affiliations ?? [],
    };
    if (account.mail) attributes[OID.mail] = [account.mail];
    if (account.eduPersonPrincipalName)
      attributes[OID.eduPersonPrincipalName] = [account.eduPersonPrincipalName];
    return attributes;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', ssoUrl);
    const html = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method === 'GET' && url.pathname === '/metadata') {
      response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      return response.end(standinMetadata(entityId, ssoUrl));
    }
    if (request.method === 'GET' && url.pathname === '/sso') {
      const samlRequest = url.searchParams.get('SAMLRequest') ?? '';
      if (!readRequest(samlRequest))
        return html(400, page('Bad request', '<p>No readable AuthnRequest.</p>'));
      return html(
        200,
        page(
          'Stand-in identity provider',
          `<form method="post" action="/sso/login">` +
            `<input type="hidden" name="SAMLRequest" value="${attr(samlRequest)}">` +
            `<input type="hidden" name="RelayState" value="${attr(url.searchParams.get('RelayState') ?? '')}">` +
            `<p><label for="login">Login</label> <input id="login" name="login" autocomplete="username" required></p>` +
            `<p><label for="password">Password</label> <input id="password" name="password" type="password"></p>` +
            `<p><button type="submit">Sign in</button></p></form>`,
        ),
      );
    }
    if (request.method === 'POST' && url.pathname === '/sso/login') {
      const form = await readForm(request);
      const authn = readRequest(form.get('SAMLRequest') ?? '');
      const login = (form.get('login') ?? '').trim();
      if (!authn || !login) return html(400, page('Bad request', '<p>No request or login.</p>'));
      const samlResponse = buildSamlResponse({
        issuer: entityId,
        audience: authn.audience,
        acsUrl: authn.acsUrl,
        inResponseTo: authn.id,
        nameId: `standin-${Buffer.from(login).toString('hex')}`,
        attributes: attributesOf(login),
      });
      return html(
        200,
        page(
          'Signing you in',
          `<form method="post" action="${attr(authn.acsUrl)}">` +
            `<input type="hidden" name="SAMLResponse" value="${samlResponse}">` +
            `<input type="hidden" name="RelayState" value="${attr(form.get('RelayState') ?? '')}">` +
            `<p><button type="submit">Continue</button></p></form>` +
            '<script>document.forms[0].submit()</script>',
        ),
      );
    }
    html(404, page('Not found', '<p>Nothing here.</p>'));
  };
  server.on('request', (request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  return {
    entityId,
    ssoUrl,
    metadata: standinMetadata(entityId, ssoUrl),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
