import type { Response } from 'express';
import type { ListCursors } from '@upmon/crypto';
import { ApiError, KeysetWalk, type KeysetRead, type ListPage } from '@upmon/domain';
import type { Logger } from '@upmon/logger';
import { streamJson } from '@upmon/service-kit';

/** The list's name without its owner's id (`checks`), for logs. */
const listName = (list: ListAnswer) => list.scope.split(':')[0];

export interface ListAnswer {
  /** Names the list and its owner (`checks:<project id>`): a cursor works for that list only. */
  scope: string;
  /** The member the items are under: `data` (v1), `checks` (Healthchecks). */
  member: string;
  read: KeysetRead;
  /** null: the whole list in one array, no `next` (the default shape every client reads). */
  page: ListPage;
}

/**
 * Answers a list `{"<member>":[...]}` streamed from keyset pages (docs/api.md, "Lists and
 * pagination"); with `page`, at most `page.limit` items after its cursor and `"next"`: the cursor
 * of the rest, or null. A cursor that is not a genuine one of this list → 422 `after`. An error
 * after the answer started cuts the connection (and is logged): the client never gets a
 * well-formed but incomplete list.
 */
export async function sendList(res: Response, cursors: ListCursors, logger: Logger, list: ListAnswer): Promise<void> {
  const { page } = list;
  let from: string | null = null;
  if (page?.after) {
    from = cursors.verify(list.scope, page.after);
    if (from === null) throw ApiError.validation({ after: ['must be the next of a previous page of this list'] }, 'invalid query parameters');
  }
  const walk = new KeysetWalk(list.read, from, page ? page.limit : null);
  const tail = () => (page ? `],"next":${walk.next === null ? 'null' : JSON.stringify(cursors.sign(list.scope, walk.next))}}` : ']}');
  try {
    const outcome = await streamJson(res, { head: `{"${list.member}":[`, pages: walk.pages(), tail });
    if (outcome.kind === 'client-gone') logger.info({ list: listName(list), items: outcome.items }, 'list stopped: the client went away');
  } catch (err) {
    if (!res.headersSent) throw err;
    logger.error({ err, list: listName(list) }, 'list failed after its answer started: connection cut');
    res.destroy();
  }
}
