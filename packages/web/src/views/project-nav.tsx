import type { ProjectAccess } from '../http/project-access.js';

export type ProjectSection = 'checks' | 'integrations' | 'keys' | 'status-page' | 'maintenance' | 'badges' | 'locations' | 'oncall' | 'reports';

/** The project's sections. */
export function ProjectNav({ access, current }: { access: ProjectAccess; current: ProjectSection }) {
  const base = `/projects/${access.project.id}`;
  const item = (key: typeof current, href: string, label: string) => (
    <a href={href} aria-current={key === current ? 'page' : undefined} class={key === current ? 'tab current' : 'tab'}>
      {label}
    </a>
  );
  return (
    <nav aria-label="Project" class="tabs">
      {item('checks', base, 'Checks')}
      {item('integrations', `${base}/integrations`, 'Integrations')}
      {item('keys', `${base}/keys`, 'API keys')}
      {item('status-page', `${base}/status-page`, 'Status page')}
      {item('maintenance', `${base}/maintenance`, 'Maintenance')}
      {item('oncall', `${base}/oncall`, 'On call')}
      {item('badges', `${base}/badges`, 'Badges')}
      {item('locations', `${base}/locations`, 'Locations')}
      {item('reports', `${base}/reports`, 'Reports')}
    </nav>
  );
}
