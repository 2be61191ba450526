import type { ComponentChildren } from 'preact';

/**
 * A table that phones show as one card per row (app.css, `table.cards`): there the headings are
 * hidden and each cell shows its own `data-label`, so every cell but the first names its column.
 * `columns` are the headings, a falsy one left out (a column only some people see); `children`
 * are the rows.
 */
export function CardsTable(props: { columns: (string | false | undefined)[]; class?: string; field?: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap">
      <table class={props.class ? `cards ${props.class}` : 'cards'} data-field={props.field}>
        <thead>
          <tr>{props.columns.map((c) => (c ? <th scope="col">{c}</th> : null))}</tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
