import type { Actor } from '../audit/actor.js';

/** Who changes a project's keys, and the project: what the audit log records with each change. */
export interface ApiKeyChanger {
  accountId: string;
  actor: Actor;
  projectId: string;
  projectName: string;
}

/** How the audit log names a key: `read-write API key "deploy" upm_rw_ab12… of project "Web"`. */
export function apiKeyAuditTarget(projectName: string, k: { kind: string; name: string | null; prefix: string }): string {
  return `${k.kind === 'rw' ? 'read-write' : 'read-only'} API key ${k.name ? `"${k.name}" ` : ''}${k.prefix}… of project "${projectName}"`;
}
