/** A section of the check page a jump link leads to: its heading's id and its name. */
export interface PageSection {
  id: string;
  label: string;
}

/** "On this page": jump links to the check page's sections, so a phone reaches them without scrolling through the others. */
export function SectionLinks({ sections }: { sections: PageSection[] }) {
  return (
    <nav class="section-links" aria-label="On this page">
      <ul>
        {sections.map((s) => (
          <li>
            <a href={`#${s.id}`}>{s.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
