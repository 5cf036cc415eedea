import {
  Alert,
  Button,
  HTMLTable,
  type IconName,
  InputGroup,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import type { ServerEvent } from '@zelo/contracts/realtime/frames';
import { type ReactNode, useEffect, useState } from 'react';
import { useResync, useSocketEvent } from '../../lib/socket.ts';
import { toastError, toastSuccess } from '../../lib/toaster.ts';
import { useCoalesced } from '../../lib/use-coalesced.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

const DEBOUNCE_MS = 500;
const NEAR_BOTTOM_PX = 100;

export interface ListPage<T> {
  records: T[];
  hasMore: boolean;
}

export interface RowActions {
  edit: () => void;
  remove: () => void;
}

export interface SearchableListPageProps<T extends { id: string | number }> {
  /** Prefix of the feature's CSS classes: `<prefix>-page`, `-page-header`, `-page-body`, `<prefix>-table`. */
  classPrefix: string;
  testId: string;
  title: string;
  searchPlaceholder: string;
  searchTestId?: string;
  addText: string;
  addTestId: string;
  /** More buttons beside the add button (an import, a way back). */
  headerActions?: ReactNode;
  /** Hover highlight on the table rows. */
  interactive?: boolean;
  /** The `<th>` cells of the header row. */
  columns: ReactNode;
  rowTestId: string;
  /** The `<td>` cells of one row; `actions` open the dialog or the delete confirmation for it. */
  renderCells: (item: T, actions: RowActions) => ReactNode;
  /** One page of records for a trimmed, lower-cased search. */
  fetchPage: (query: string, page: number, signal: AbortSignal) => Promise<ListPage<T>>;
  /** The socket event that reloads the list when something changes elsewhere. */
  liveEvent: ServerEvent | null;
  /**
   * Coalesces a burst of live events (an import pushes one per row) into one reload this many ms
   * after the first; without it every event reloads at once.
   */
  liveDelayMs?: number;
  emptyIcon: IconName;
  emptyTitle: string;
  /** The edit dialog; `item` is null for a new record. `close` reloads the list. */
  renderDialog: (item: T | null, close: () => void) => ReactNode;
  deleteItem: (item: T) => Promise<unknown>;
  deletedMessage: string;
  deleteText: string;
  cancelText: string;
  confirmDeleteText: (item: T) => string;
}

/** The list-page skeleton of the admin screens: debounced search, infinite scroll, live reload, edit and delete. */
export function SearchableListPage<T extends { id: string | number }>(props: SearchableListPageProps<T>) {
  const { classPrefix: p, fetchPage } = props;
  const [search, setSearch] = useState('');
  const query = useDebounced(search, DEBOUNCE_MS).trim().toLowerCase();
  const [page, setPage] = useState(1);
  const [records, setRecords] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or a change elsewhere restarts at page 1
  useEffect(() => setPage(1), [query, version]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` refetches after a change made elsewhere
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    fetchPage(query, page, ctrl.signal)
      .then((r) => {
        setRecords((prev) =>
          page === 1 ? r.records : [...prev, ...r.records.filter((n) => !prev.some((o) => o.id === n.id))],
        );
        setHasMore(r.hasMore);
      })
      .catch((err) => !ctrl.signal.aborted && toastError(err))
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [query, page, version]);

  useSocketEvent(
    props.liveEvent,
    useCoalesced(() => setVersion((n) => n + 1), props.liveDelayMs),
  );

  useResync(() => setVersion((n) => n + 1));

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await props.deleteItem(deleting);
      toastSuccess(props.deletedMessage);
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <div className={`${p}-page`} data-testid={props.testId}>
      <div className={`${p}-page-header`}>
        <h2>{props.title}</h2>
        <InputGroup
          leftIcon="search"
          placeholder={props.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid={props.searchTestId}
        />
        {props.headerActions}
        <Button
          intent="primary"
          icon="add"
          text={props.addText}
          onClick={() => setEditing(null)}
          data-testid={props.addTestId}
        />
      </div>
      <div
        className={`${p}-page-body`}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (hasMore && !loading && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX)
            setPage((n) => n + 1);
        }}
      >
        <HTMLTable striped interactive={props.interactive} className={`${p}-table`}>
          <thead>
            <tr>{props.columns}</tr>
          </thead>
          <tbody>
            {records.map((item) => (
              <tr key={item.id} data-testid={props.rowTestId}>
                {props.renderCells(item, { edit: () => setEditing(item), remove: () => setDeleting(item) })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {loading && <Spinner size={24} />}
        {!loading && records.length === 0 && (
          <NonIdealState icon={props.emptyIcon} title={props.emptyTitle} />
        )}
      </div>
      {editing !== undefined &&
        props.renderDialog(editing, () => {
          setEditing(undefined);
          setVersion((n) => n + 1);
        })}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={props.deleteText}
        cancelButtonText={props.cancelText}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && props.confirmDeleteText(deleting)}
      </Alert>
    </div>
  );
}
