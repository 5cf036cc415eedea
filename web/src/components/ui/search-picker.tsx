import { Button, FormGroup, InputGroup, type Intent, Menu, MenuItem } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useRequest } from '../../lib/use-request.ts';

/** Contact and user pickers search from three characters, once typing settles (doc 1 §9). */
export const PICKER_DEBOUNCE_MS = 500;
export const MIN_PICKER_CHARS = 3;
export const shouldSearchPicker = (text: string) => text.trim().length >= MIN_PICKER_CHARS;

interface Props<T extends { id: string; name: string }> {
  label: string;
  helperText: string;
  /** What the box shows; the parent clears its selection when the user types. */
  text: string;
  onTextChange: (text: string) => void;
  selected: T | null;
  /** The user picked an option; the parent usually also puts its name in the box. */
  onSelect: (item: T) => void;
  /** Asked with the trimmed text once it is long enough and has settled for PICKER_DEBOUNCE_MS. */
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  inputTestId: string;
  optionTestId: string;
  inputId?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  /** A form error: shown instead of the helper text, and the box turns red. */
  error?: string | null;
  /** A disabled tick in the box once something is selected. */
  showSelectedTick?: boolean;
  menuClassName?: string;
  optionLabel?: (item: T) => string;
  /** Shown as a disabled item when a search found nothing. */
  emptyText?: string;
  /** Menu items after the options; when given, the menu shows even without options. */
  extraItems?: ReactNode;
}

/** A text box that searches (debounced, from a few characters) and lists the matches to pick from. */
export function SearchPicker<T extends { id: string; name: string }>(props: Props<T>) {
  const { text, selected, search, error, extraItems, emptyText } = props;
  const query = useDebounced(text, PICKER_DEBOUNCE_MS).trim();
  const searching = !selected && shouldSearchPicker(query);
  const found = useRequest(
    async (signal) => (searching ? { query, items: await search(query, signal) } : null),
    [searching, query],
  );
  // Only the answer to what the box holds now: no stale list, and no "none found" before it arrives.
  const options = found.data?.query === query ? found.data.items : null;
  const intent: Intent = error ? 'danger' : 'none';
  const showMenu = searching && options !== null && (options.length > 0 || !!extraItems || !!emptyText);

  return (
    <>
      <FormGroup
        label={props.label}
        labelFor={props.inputId}
        helperText={error || props.helperText}
        intent={intent}
      >
        <InputGroup
          id={props.inputId}
          value={text}
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          intent={intent}
          onChange={(e) => props.onTextChange(e.currentTarget.value)}
          onBlur={props.onBlur}
          rightElement={
            props.showSelectedTick && selected ? <Button variant="minimal" icon="tick" disabled /> : undefined
          }
          data-testid={props.inputTestId}
        />
      </FormGroup>
      {showMenu && (
        <Menu className={props.menuClassName}>
          {options.length === 0 && emptyText && <MenuItem disabled text={emptyText} />}
          {options.map((item) => (
            <MenuItem
              key={item.id}
              text={item.name}
              label={props.optionLabel?.(item)}
              onClick={() => props.onSelect(item)}
              data-testid={props.optionTestId}
            />
          ))}
          {extraItems}
        </Menu>
      )}
    </>
  );
}
