/**
 * Use for an admin screen that lists one kind of record with add, edit and delete: it fetches (in
 * pages on scroll, with a pager, or in one go), searches, shows the empty state, confirms deletes and
 * reloads on the record's socket event. The page says only what differs: texts, columns, cells, the
 * dialog and the API calls. A list that changes row by row from its frames (connections, campaigns)
 * or draws its own states (SLA policies) keeps its markup and takes the pieces: usePagedFetch and
 * useDeleteConfirmation.
 */
import './ui/admin-page.css';
import {
  Button,
  Card,
  HTMLTable,
  type IconName,
  InputGroup,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import type { ServerEvent } from '@zelo/contracts/realtime/frames';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useResync, useSocketEvent } from '../lib/socket.ts';
import { toastError } from '../lib/toaster.ts';
import { useCoalesced } from '../lib/use-coalesced.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { useDeleteConfirmation } from './delete-confirmation.tsx';
import { onePage, type Page, type PagedList, usePagedFetch } from './use-paged-fetch.ts';

/** Doc 1 and doc 2 §9: searches wait 500 ms; the next page loads within 100 px of the bottom. */
const DEBOUNCE_MS = 500;
const NEAR_BOTTOM_PX = 100;

export interface RowActions {
  edit: () => void;
  remove: () => void;
  /** For a row action that changes the list (duplicate, expire). */
  reload: () => void;
}

export interface DialogActions {
  /** Closes the dialog, the list unchanged (a cancel). */
  close: () => void;
  /** Fetches the list again (a dialog's "saved"). */
  reload: () => void;
  /** Both: for a dialog that only says it closed, saved or not. */
  closeAndReload: () => void;
}

/**
 * Where the list sits: `page`, a page of its own whose body scrolls (the feature's CSS classes
 * `<classPrefix>-page`, `-page-header`, `-page-body`, `<classPrefix>-table`); `card`, the admin-page.css
 * screen with the table in a card; `panel`, a settings tab (no title, admin-page.css).
 */
export type ListFrame = 'page' | 'card' | 'panel';

export interface PagerTexts {
  previous: string;
  next: string;
  page: (page: number) => string;
}

/** Where the records come from: in pages for the search's query, or all in one go. */
export type ListSource<T> =
  | {
      /** One page of records for the search's query (trimmed and lower-cased unless `searchQuery`). */
      fetchPage: (query: string, page: number, signal: AbortSignal) => Promise<Page<T>>;
      fetchAll?: never;
    }
  | { fetchAll: (signal: AbortSignal) => Promise<T[]>; fetchPage?: never };

export type ResourceListProps<T extends { id: string | number }> = ListSource<T> & {
  frame?: ListFrame;
  /** Prefix of the feature's CSS classes in the `page` frame. */
  classPrefix?: string;
  testId: string;
  title?: ReactNode;
  /** Without it the list has no search box. */
  searchPlaceholder?: string;
  searchTestId?: string;
  /** What the server is sent for the typed text; default trimmed and lower-cased. */
  searchQuery?: (text: string) => string;
  addText: string;
  addTestId: string;
  /** More buttons beside the add button (an import, a way back, the plan's usage). */
  headerActions?: ReactNode;
  /** Hover highlight on the table rows (`page` frame). */
  interactive?: boolean;
  tableTestId?: string;
  /** The `<th>` cells of the header row. */
  columns: ReactNode;
  rowTestId: string;
  /** More attributes of one row (a click, a data-* mark, a class). */
  rowProps?: (item: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, unknown>;
  /** The `<td>` cells of one row; `actions` open the dialog or the delete confirmation for it. */
  renderCells: (item: T, actions: RowActions) => ReactNode;
  /** Browse the pages with buttons instead of on scroll (`card` and `panel` frames). */
  pager?: PagerTexts;
  /** The socket event that reloads the list when something changes elsewhere. */
  liveEvent?: ServerEvent | null;
  /**
   * Coalesces a burst of live events (an import pushes one per row) into one reload this many ms
   * after the first; without it every event reloads at once.
   */
  liveDelayMs?: number;
  /** Told of a failed load or delete; default the common error toast. */
  onError?: (error: unknown) => void;
  emptyIcon: IconName;
  emptyTitle: string;
  /** The edit dialog; `item` is null for a new record. */
  renderDialog: (item: T | null, actions: DialogActions) => ReactNode;
  deleteItem: (item: T) => Promise<unknown>;
  deletedMessage: string;
  deleteText: string;
  cancelText: string;
  confirmDeleteText: (item: T) => ReactNode;
};

/** The list-page skeleton of the admin screens: search, pages, live reload, edit and delete. */
export function ResourceList<T extends { id: string | number }>(props: ResourceListProps<T>) {
  const { frame = 'page', onError = toastError } = props;
  const [search, setSearch] = useState('');
  const settled = useDebounced(search, DEBOUNCE_MS);
  const query = props.searchQuery ? props.searchQuery(settled) : settled.trim().toLowerCase();
  const { fetchAll, fetchPage } = props;
  const fetch = fetchAll
    ? onePage(fetchAll)
    : (page: number, signal: AbortSignal) => fetchPage(query, page, signal);
  const list = usePagedFetch(query, fetch, {
    paging: props.pager ? 'replace' : 'append',
    onError,
  });
  const [editing, setEditing] = useState<T | null | undefined>(undefined);

  useSocketEvent(props.liveEvent ?? null, useCoalesced(list.reload, props.liveDelayMs));
  useResync(list.reload);

  const deletion = useDeleteConfirmation<T>({
    deleteItem: props.deleteItem,
    deletedMessage: props.deletedMessage,
    deleteText: props.deleteText,
    cancelText: props.cancelText,
    confirmText: props.confirmDeleteText,
    onDone: list.reload,
    onError,
  });

  const close = () => setEditing(undefined);
  const rows = list.records.map((item) => (
    <tr key={item.id} data-testid={props.rowTestId} {...props.rowProps?.(item)}>
      {props.renderCells(item, {
        edit: () => setEditing(item),
        remove: () => deletion.ask(item),
        reload: list.reload,
      })}
    </tr>
  ));
  const table = (
    <HTMLTable
      striped
      compact={frame !== 'page'}
      interactive={props.interactive}
      className={frame === 'page' ? `${props.classPrefix}-table` : 'admin-table'}
      data-testid={props.tableTestId}
    >
      <thead>
        <tr>{props.columns}</tr>
      </thead>
      <tbody>{rows}</tbody>
    </HTMLTable>
  );
  const empty = !list.loading && list.records.length === 0;
  const emptyState = <NonIdealState icon={props.emptyIcon} title={props.emptyTitle} />;
  const pager = props.pager && <Pager list={list} texts={props.pager} />;
  const controls = (
    <>
      {props.searchPlaceholder !== undefined && (
        <InputGroup
          leftIcon="search"
          placeholder={props.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid={props.searchTestId}
        />
      )}
      {frame === 'panel' && <span className="admin-panel-spacer" />}
      {props.headerActions}
      <Button
        intent="primary"
        icon="add"
        text={props.addText}
        onClick={() => setEditing(null)}
        data-testid={props.addTestId}
      />
    </>
  );
  const p = props.classPrefix;

  return (
    <div className={ROOT_CLASS[frame] ?? `${p}-page`} data-testid={props.testId}>
      {frame === 'page' ? (
        <>
          <div className={`${p}-page-header`}>
            <h2>{props.title}</h2>
            {controls}
          </div>
          <div
            className={`${p}-page-body`}
            onScroll={(e) => {
              const el = e.currentTarget;
              if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) list.loadMore();
            }}
          >
            {table}
            {list.loading && <Spinner size={24} />}
            {empty && emptyState}
          </div>
        </>
      ) : frame === 'card' ? (
        <>
          <div className="admin-page-head">
            <h2>{props.title}</h2>
            {controls}
          </div>
          <Card className="admin-page-card">
            {empty ? emptyState : table}
            {pager}
          </Card>
        </>
      ) : (
        <>
          <div className="admin-panel-head">{controls}</div>
          {empty ? emptyState : table}
          {pager}
        </>
      )}
      {editing !== undefined &&
        props.renderDialog(editing, {
          close,
          reload: list.reload,
          closeAndReload: () => {
            close();
            list.reload();
          },
        })}
      {deletion.alert}
    </div>
  );
}

/** The page frame's classes come from the feature (`classPrefix`); the others from admin-page.css. */
const ROOT_CLASS: Partial<Record<ListFrame, string>> = { card: 'admin-page' };

function Pager({
  list,
  texts,
}: {
  list: Pick<PagedList<unknown>, 'page' | 'hasMore' | 'goToPage'>;
  texts: PagerTexts;
}) {
  return (
    <div className="admin-pager">
      <Button
        icon="chevron-left"
        disabled={list.page === 1}
        onClick={() => list.goToPage(list.page - 1)}
        aria-label={texts.previous}
      />
      <span>{texts.page(list.page)}</span>
      <Button
        icon="chevron-right"
        disabled={!list.hasMore}
        onClick={() => list.goToPage(list.page + 1)}
        aria-label={texts.next}
      />
    </div>
  );
}
