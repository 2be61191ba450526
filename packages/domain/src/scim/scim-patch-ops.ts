import { ScimError } from './scim-error.js';
import { SCIM_PATCH_SCHEMA } from './scim-presenter.js';

export interface ScimPatchOp {
  op: 'add' | 'remove' | 'replace';
  /** As sent (attribute paths compare case-insensitively). */
  path: string | null;
  value: unknown;
}

/** The Operations of a PatchOp body (RFC 7644 §3.5.2); `op` in any case (Entra ID sends "Replace"). */
export function parsePatchOps(body: unknown): ScimPatchOp[] {
  const o = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (!Array.isArray(o.schemas) || !o.schemas.includes(SCIM_PATCH_SCHEMA))
    throw new ScimError(400, `a PATCH body must have the schema ${SCIM_PATCH_SCHEMA}`, 'invalidSyntax');
  if (!Array.isArray(o.Operations) || o.Operations.length === 0 || o.Operations.length > 100)
    throw new ScimError(400, 'Operations must list 1 to 100 operations', 'invalidSyntax');
  return o.Operations.map((raw, i) => {
    const x = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const op = typeof x.op === 'string' ? x.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'remove' && op !== 'replace') throw new ScimError(400, `Operations[${i}].op must be add, remove or replace`, 'invalidSyntax');
    if (x.path !== undefined && (typeof x.path !== 'string' || x.path.length > 300))
      throw new ScimError(400, `Operations[${i}].path must be a path`, 'invalidPath');
    return { op, path: (x.path as string | undefined) ?? null, value: x.value };
  });
}
