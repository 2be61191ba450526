import type { ComponentChildren } from 'preact';
import type { ProjectAccess } from '../http/project-access.js';
import { Layout } from './layout.js';
import type { PageContext } from './page-context.js';
import { ProjectNav, type ProjectSection } from './project-nav.js';

/** A page of one of the project's sections: "<label> · <project>" as its title, the project's crumbs, its name as the heading, then the section tabs. */
export function ProjectSectionPage(props: { page: PageContext; access: ProjectAccess; section: ProjectSection; label: string; children: ComponentChildren }) {
  const { project } = props.access;
  return (
    <Layout
      page={props.page}
      title={`${props.label} · ${project.name}`}
      crumbs={[{ label: 'Projects', href: '/projects' }, { label: project.name, href: `/projects/${project.id}` }, { label: props.label }]}
    >
      <h1>{project.name}</h1>
      <ProjectNav access={props.access} current={props.section} />
      {props.children}
    </Layout>
  );
}
