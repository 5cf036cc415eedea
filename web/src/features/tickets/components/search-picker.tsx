import { Button, FormGroup, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { SEARCH_DEBOUNCE_MS, shouldSearchPicker } from '../lib/search.ts';

interface Props<T extends { id: string; name: string }> {
  label: string;
  helperText: string;
  /** What the box shows; the parent clears its selection when the user types. */
  text: string;
  onTextChange: (text: string) => void;
  selected: T | null;
  /** The user picked an option; the parent usually also puts its name in the box. */
  onSelect: (item: T) => void;
  /** Asked with the trimmed text once it is long enough and has settled for SEARCH_DEBOUNCE_MS. */
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  inputTestId: string;
  optionTestId: string;
  autoFocus?: boolean;
  /** A disabled tick in the box once something is selected. */
  showSelectedTick?: boolean;
  menuClassName?: string;
  optionLabel?: (item: T) => string;
  /** Menu items after the options; when given, the menu shows even without options. */
  extraItems?: ReactNode;
}

/** A text box that searches (debounced, from a few characters) and lists the matches to pick from. */
export function SearchPicker<T extends { id: string; name: string }>({
  label,
  helperText,
  text,
  onTextChange,
  selected,
  onSelect,
  search,
  inputTestId,
  optionTestId,
  autoFocus,
  showSelectedTick,
  menuClassName,
  optionLabel,
  extraItems,
}: Props<T>) {
  const query = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const found = useRequest(
    async (signal) => (shouldSearchPicker(query) && !selected ? search(query.trim(), signal) : []),
    [query, selected],
  );
  const options = found.data ?? [];

  return (
    <>
      <FormGroup label={label} helperText={helperText}>
        <InputGroup
          value={text}
          autoFocus={autoFocus}
          onChange={(e) => onTextChange(e.currentTarget.value)}
          rightElement={
            showSelectedTick && selected ? <Button variant="minimal" icon="tick" disabled /> : undefined
          }
          data-testid={inputTestId}
        />
      </FormGroup>
      {!selected && shouldSearchPicker(query) && (extraItems || options.length > 0) && (
        <Menu className={menuClassName}>
          {options.map((item) => (
            <MenuItem
              key={item.id}
              text={item.name}
              label={optionLabel?.(item)}
              onClick={() => onSelect(item)}
              data-testid={optionTestId}
            />
          ))}
          {extraItems}
        </Menu>
      )}
    </>
  );
}
