import { Router, type Request, type RequestHandler, type Response } from 'express';
import { SCIM_GROUP_SCHEMA, SCIM_USER_SCHEMA } from '@upmon/domain';

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** ServiceProviderConfig and ResourceTypes (RFC 7644 §4): what upmon's SCIM supports. */
export function scimDiscoveryRouter(base: string, authenticated: (h: (req: Request, res: Response) => Promise<void>) => RequestHandler): Router {
  const r = Router();
  const json = (res: Response, body: unknown) => {
    res.status(200).type('application/scim+json').send(JSON.stringify(body));
  };
  r.get(
    '/ServiceProviderConfig',
    authenticated(async (_req, res) =>
      json(res, {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        documentationUri: 'docs/sso.md',
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: 200 },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [
          { type: 'oauthbearertoken', name: 'Bearer token', description: 'A SCIM token from the account’s single sign-on page', primary: true },
        ],
        meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
      }),
    ),
  );
  const types = [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: SCIM_USER_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: SCIM_GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
  r.get(
    '/ResourceTypes',
    authenticated(async (_req, res) => json(res, { schemas: [LIST], totalResults: types.length, startIndex: 1, itemsPerPage: types.length, Resources: types })),
  );
  return r;
}
