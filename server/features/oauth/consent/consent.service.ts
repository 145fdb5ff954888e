// oauth/consent/ — the person's answer to one pending authorization request: the web app's consent
// page calls consent.routes.ts. It settles the request and gets its code through ../server/grants.ts
// and claims the client through ../clients/client-records.ts; it owns no table of its own.
import type { OAuthDecision, OAuthRequestInfo, OAuthScope } from '../../../../contract/oauth.js';
import type { ProjectsService } from '../../projects/projects.service.js';
import type { Db, Tx } from '../../../db/db.js';
import { AppError, badRequest, forbidden, notFound } from '../../../http/errors.js';
import { type Principal, requireSession } from '../../../http/principal.js';
import { type ClientRow, clientRecords } from '../clients/client-records.js';
import {
  type AuthorizationRequestRow,
  decideRequest,
  findPendingRequest,
  issueCode,
} from '../server/grants.js';
import { canonicalScopes, OAUTH_SCOPES } from '../server/oauth.constants.js';
import { withQuery } from '../server/oauth-errors.js';

type ConsentClient = Pick<ClientRow, 'name' | 'platform' | 'client_id' | 'registered_via'> & {
  row: ClientRow | null;
};

/**
 * The consent page's API (/api/oauth/requests/:id). The person's session token travels only as an
 * Authorization header from the page's memory, never as an ambient cookie, so another site cannot
 * make the browser approve anything (no CSRF); the page itself may not be framed (CSP
 * frame-ancestors 'none'). The pending request has no user until someone decides, so it is read
 * through asSystem with the deciding user written explicitly.
 */
export function createConsentService(deps: {
  db: Db;
  publicUrl: string;
  /** The projects a grant may be limited to (ADR 0029). */
  projects: Pick<ProjectsService, 'namesInUse' | 'inUseByName'>;
}) {
  const { db, publicUrl } = deps;

  const requirePerson = (principal: Principal) =>
    requireSession(principal, 'Only a signed-in person can approve or deny access');

  async function load(tx: Tx, handle: string): Promise<AuthorizationRequestRow> {
    const req = await findPendingRequest(tx, handle);
    if (!req) {
      throw new AppError(
        404,
        'oauth_request_not_found',
        'This authorization request does not exist. Start the connection again from your assistant.',
      );
    }
    if (req.decided_at) {
      throw new AppError(409, 'oauth_request_used', 'This authorization request was already answered.');
    }
    if (req.expires_at.getTime() <= Date.now()) {
      throw new AppError(
        410,
        'oauth_request_expired',
        'This authorization request has expired. Start the connection again from your assistant.',
      );
    }
    return req;
  }

  async function clientOf(tx: Tx, req: AuthorizationRequestRow, userId: string): Promise<ConsentClient> {
    if (req.client_document) {
      return {
        name: req.client_document.name,
        platform: req.client_document.platform,
        client_id: req.client_id,
        registered_via: 'metadata_document',
        row: null,
      };
    }
    const row = req.client_row_id ? await clientRecords.findById(tx, req.client_row_id) : undefined;
    if (!row) throw notFound('This OAuth client no longer exists');
    // A client someone else registered (or already approved) is theirs: approving it would let
    // them see its use and revoke this person's tokens.
    if (row.user_id !== null && row.user_id !== userId) {
      throw forbidden('This OAuth client belongs to another account', 'oauth_client_not_yours');
    }
    return { ...row, row };
  }

  return {
    async getRequest(principal: Principal, handle: string): Promise<OAuthRequestInfo> {
      requirePerson(principal);
      return db.asSystem(async (tx) => {
        const req = await load(tx, handle);
        const client = await clientOf(tx, req, principal.userId);
        return {
          id: handle,
          client: {
            name: client.name,
            platform: client.platform,
            client_id: client.client_id,
            registered_via: client.registered_via,
          },
          redirect_uri: req.redirect_uri,
          redirect_host: redirectHost(req.redirect_uri),
          scopes: canonicalScopes(req.scopes),
          expires_at: req.expires_at.toISOString(),
          projects: await deps.projects.namesInUse(tx, principal.userId),
        };
      });
    },

    /**
     * Approves, granting `choice.scopes` (all that were asked for by default) on the whole account,
     * or on one project when `choice.project` names one in use (ADR 0029). A refusal of either
     * leaves the request pending and issues nothing (one transaction).
     */
    async approve(
      principal: Principal,
      handle: string,
      choice: { scopes?: readonly OAuthScope[] | undefined; project?: string | null | undefined } = {},
    ): Promise<OAuthDecision> {
      requirePerson(principal);
      const userId = principal.userId;
      const narrowTo = choice.scopes;
      return db.asSystem(async (tx) => {
        const req = await load(tx, handle);
        const scopes = canonicalScopes(narrowTo ?? req.scopes);
        if (narrowTo && narrowTo.some((s) => !req.scopes.includes(s))) {
          throw badRequest('You can only grant permissions the client asked for');
        }
        const client = await clientOf(tx, req, userId);
        const project = choice.project ? await deps.projects.inUseByName(tx, userId, choice.project) : null;
        let clientRowId: string;
        if (client.row) {
          if (!(await clientRecords.claim(tx, client.row.id, userId))) {
            throw forbidden('This OAuth client belongs to another account', 'oauth_client_not_yours');
          }
          clientRowId = client.row.id;
        } else {
          const doc = req.client_document!;
          const row = await clientRecords.upsertDocumentClient(tx, {
            clientId: req.client_id,
            userId,
            name: doc.name,
            platform: doc.platform,
            redirectUris: doc.redirect_uris,
            grantTypes: doc.grant_types,
            scopes: OAUTH_SCOPES,
          });
          clientRowId = row.id;
        }
        if (!(await decideRequest(tx, req.id, userId, 'approved'))) {
          throw new AppError(409, 'oauth_request_used', 'This authorization request was already answered.');
        }
        const code = await issueCode(tx, req, {
          clientRowId,
          userId,
          scopes,
          projectId: project?.id ?? null,
        });
        // RFC 9207: iss tells the client which server answered (mix-up defence).
        return { redirect_to: withQuery(req.redirect_uri, { code, state: req.state, iss: publicUrl }) };
      });
    },

    async deny(principal: Principal, handle: string): Promise<OAuthDecision> {
      requirePerson(principal);
      return db.asSystem(async (tx) => {
        const req = await load(tx, handle);
        // The same ownership rule as approve: otherwise anyone signed in who saw the handle could
        // use up another person's pending request.
        await clientOf(tx, req, principal.userId);
        if (!(await decideRequest(tx, req.id, principal.userId, 'denied'))) {
          throw new AppError(409, 'oauth_request_used', 'This authorization request was already answered.');
        }
        return {
          redirect_to: withQuery(req.redirect_uri, {
            error: 'access_denied',
            error_description: 'The person declined to give access',
            state: req.state,
            iss: publicUrl,
          }),
        };
      });
    },
  };
}

function redirectHost(uri: string): string {
  const url = new URL(uri);
  return url.host || url.protocol; // a private-use scheme without authority, e.g. com.example.app:/cb
}

export type ConsentService = ReturnType<typeof createConsentService>;
